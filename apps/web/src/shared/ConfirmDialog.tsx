import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from './AppModal';

export type TConfirmDialogProps = {
  opened: boolean;
  title: string;
  text: ReactNode;
  /** The button that does it, named for what it does ('Unpublish', not 'OK'). */
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  isPending?: boolean;
  /** Red confirm button for what cannot simply be undone. */
  isDestructive?: boolean;
  testId?: string;
};

/**
 * The app's one way to ask before doing something: an in-app dialog in the page's language and
 * look, never the browser's `confirm()` (its buttons speak the browser's language and it blocks
 * the page). Cancel has the focus, so Enter does not confirm by accident.
 */
export function ConfirmDialog(props: TConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <AppModal opened={props.opened} onClose={props.onCancel} title={props.title}>
      <Stack gap="md" data-testid={props.testId}>
        <Text size="sm">{props.text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel} data-autofocus data-testid="confirm-dialog-cancel">
            {t('app.cancel')}
          </Button>
          <Button
            color={props.isDestructive ? 'red.9' : undefined}
            loading={props.isPending}
            onClick={props.onConfirm}
            data-testid="confirm-dialog-confirm"
          >
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
