import type { THarvestSource } from '@dsm/contracts';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAlert } from '../../shared/AlertProvider';
import { errorMessage } from '../../shared/error-message';
import { useRemoveHarvestSource } from './use-harvest-sources';

export type TRemoveSourceModalProps = {
  /** The source to remove; null closes the modal. */
  source: THarvestSource | null;
  onClose: () => void;
};

/** Asks before a source goes, naming it: removing one withdraws every offer it brought. */
export function RemoveSourceModal({ source, onClose }: TRemoveSourceModalProps) {
  const { t } = useTranslation();
  const showAlert = useAlert();
  const remove = useRemoveHarvestSource();
  const close = () => {
    remove.reset();
    onClose();
  };
  const handleRemove = (target: THarvestSource) =>
    remove.mutate(target.id, {
      onSuccess: () => {
        showAlert(t('harvest.removed', { name: target.name }));
        close();
      },
    });

  return (
    <Modal
      opened={source !== null}
      onClose={close}
      title={source ? t('harvest.removeTitle', { name: source.name }) : ''}
      centered
      closeButtonProps={{ 'aria-label': t('harvest.close') }}
    >
      {source && (
        <Stack gap="md" data-testid="remove-source-modal">
          <Text size="sm">{t('harvest.removeText')}</Text>
          {remove.isError && (
            <Alert color="red" role="alert">
              {errorMessage(remove.error, t)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} data-autofocus>
              {t('harvest.cancel')}
            </Button>
            <Button color="red.9" loading={remove.isPending} onClick={() => handleRemove(source)}>
              {t('harvest.remove')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
