import { NumberInput, type NumberInputProps } from '@mantine/core';
import { type ClipboardEvent, type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { decimalSeparator } from '../../shared/format/format';

/**
 * What a decimal number may hold as typed: digits and one decimal separator. English writes a point;
 * the other languages a comma, and a point typed there (from habit or a pasted figure) becomes one.
 */
const NUMBER_CHARACTER = { point: /^[\d.]$/, comma: /^[\d.,]$/ } as const;
const NUMBER_TEXT = { point: /^\s*\d*(\.\d*)?\s*$/, comma: /^\s*\d*([.,]\d*)?\s*$/ } as const;

/**
 * A number field that says when it refused what was typed. Mantine's NumberInput drops letters
 * and commas without a word, so 'abc' (or a German '12,50') looked accepted while the draft kept
 * its old value; this one shows the rule at the field until the next accepted character.
 */
export function DecimalInput(props: NumberInputProps) {
  const { t, i18n } = useTranslation();
  const separator = decimalSeparator(i18n.resolvedLanguage ?? i18n.language);
  const kind = separator === ',' ? 'comma' : 'point';
  const [isRefused, setIsRefused] = useState(false);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Keys with names ('Backspace', 'ArrowLeft') and shortcuts are not typed text.
    if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey)
      setIsRefused(!NUMBER_CHARACTER[kind].test(event.key));
    props.onKeyDown?.(event);
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    setIsRefused(!NUMBER_TEXT[kind].test(event.clipboardData.getData('text')));
    props.onPaste?.(event);
  };
  return (
    <NumberInput
      decimalSeparator={separator}
      allowedDecimalSeparators={kind === 'comma' ? [',', '.'] : ['.']}
      {...props}
      onKeyDown={onKeyDown}
      onPaste={onPaste}
      error={isRefused ? t('offerCreation.rules.NOT_A_NUMBER') : props.error}
    />
  );
}
