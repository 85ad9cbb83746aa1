import { Modal, type ModalProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A dialog of the app: centred, its close button named Cancel in the page's language. */
export function AppModal(props: ModalProps) {
  const { t } = useTranslation();
  return <Modal centered closeButtonProps={{ 'aria-label': t('app.cancel') }} {...props} />;
}
