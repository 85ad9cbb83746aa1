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

/**
 * The look of "Save this search", for the button and for its stand-in on the results page: a plain
 * button drawn as Mantine's light one (app.css), part of the results page's first screen on a phone.
 */
export function SaveSearchButtonFace({ onClick, isPlaceholder = false }: TSaveSearchButtonFaceProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="plain-button is-light"
      onClick={onClick}
      {...(isPlaceholder
        ? { 'aria-hidden': true, tabIndex: -1, style: { visibility: 'hidden' as const } }
        : { 'data-testid': 'save-search' })}
    >
      <IconBookmarkPlus size={18} aria-hidden />
      {t('alerts.save.button')}
    </button>
  );
}
