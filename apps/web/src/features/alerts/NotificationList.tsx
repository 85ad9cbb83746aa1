import { Alert, Anchor, Button, Group, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../shared/format/format';
import { notificationText } from './notification-text';
import { useMarkAllRead, useMarkRead, useNotifications } from './use-alerts';

export type TNotificationListProps = {
  /** The dropdown's title, which names it. */
  title: ReactNode;
  /** The unread count the bell shows. */
  count: number;
  /** Closes the dropdown (after a notification was chosen). */
  onClose: () => void;
};

/**
 * The bell's dropdown: the newest notifications, "Mark all read", and each notification as a link that
 * marks it read. Loaded on the first opening, apart from the bell every page shows.
 */
export function NotificationList({ title, count, onClose }: TNotificationListProps) {
  const { t } = useTranslation();
  const list = useNotifications(true);
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap">
        {title}
        <Button
          size="compact-xs"
          variant="subtle"
          disabled={count === 0}
          loading={markAllRead.isPending}
          onClick={() => markAllRead.mutate()}
          data-testid="notification-mark-all"
        >
          {t('alerts.bell.markAll')}
        </Button>
      </Group>
      {list.isPending && <Loader size="sm" role="status" aria-label={t('alerts.bell.loading')} />}
      {list.isError && (
        <Alert color="red" role="alert">
          {t('alerts.bell.error')}
        </Alert>
      )}
      {list.data?.items.length === 0 && (
        <Text size="sm" c="gray.7" data-testid="notification-empty">
          {t('alerts.bell.empty')}
        </Text>
      )}
      {list.data && list.data.items.length > 0 && (
        <Stack gap={6} component="ul" mah={360} p={0} m={0} style={{ overflowY: 'auto', listStyle: 'none' }}>
          {list.data.items.map((item) => (
            <li key={item.id}>
              <Anchor
                component={Link}
                to={item.link}
                underline="never"
                c="inherit"
                onClick={() => {
                  if (!item.readAt) markRead.mutate(item.id);
                  onClose();
                }}
                data-testid="notification-item"
                data-unread={item.readAt ? undefined : 'true'}
              >
                <Text size="sm" fw={item.readAt ? 400 : 700}>
                  {!item.readAt && <VisuallyHidden>{t('alerts.bell.new')} </VisuallyHidden>}
                  {notificationText(t, item)}
                </Text>
                <Text size="xs" c="gray.7">
                  {formatDateTime(item.createdAt)}
                </Text>
              </Anchor>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
