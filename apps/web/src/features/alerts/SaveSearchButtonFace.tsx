import { Button } from '@mantine/core';
import { IconBookmarkPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export type TSaveSearchButtonFaceProps = {
  onClick?: () => void;
  /**
   * Holds the button's place, unseen and out of the tab order, while its code loads: the results under
   * it do not move down when it comes.
   */
  isPlaceholder?: boolean;
};

/** The look of "Save this search", for the button and for its stand-in on the results page. */
export function SaveSearchButtonFace({ onClick, isPlaceholder = false }: TSaveSearchButtonFaceProps) {
  const { t } = useTranslation();
  return (
    <Button
      variant="light"
      size="sm"
      leftSection={<IconBookmarkPlus size={18} aria-hidden />}
      onClick={onClick}
      {...(isPlaceholder
        ? { 'aria-hidden': true, tabIndex: -1, style: { visibility: 'hidden' as const } }
        : { 'data-testid': 'save-search' })}
    >
      {t('alerts.save.button')}
    </Button>
  );
}
