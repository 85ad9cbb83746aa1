import { NumberInput, type NumberInputProps } from '@mantine/core';
import { type ClipboardEvent, type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What a decimal number may hold as typed: digits and one decimal point. */
const NUMBER_CHARACTER = /^[\d.]$/;
const NUMBER_TEXT = /^\s*\d*(\.\d*)?\s*$/;

/**
 * A number field that says when it refused what was typed. Mantine's NumberInput drops letters
 * and commas without a word, so 'abc' (or a German '12,50') looked accepted while the draft kept
 * its old value; this one shows the rule at the field until the next accepted character.
 */
export function DecimalInput(props: NumberInputProps) {
  const { t } = useTranslation();
  const [isRefused, setIsRefused] = useState(false);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Keys with names ('Backspace', 'ArrowLeft') and shortcuts are not typed text.
    if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey)
      setIsRefused(!NUMBER_CHARACTER.test(event.key));
    props.onKeyDown?.(event);
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    setIsRefused(!NUMBER_TEXT.test(event.clipboardData.getData('text')));
    props.onPaste?.(event);
  };
  return (
    <NumberInput
      {...props}
      onKeyDown={onKeyDown}
      onPaste={onPaste}
      error={isRefused ? t('offerCreation.rules.NOT_A_NUMBER') : props.error}
    />
  );
}
