import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Indicator,
  Loader,
  Popover,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../shared/format/format';
import { notificationText } from './notification-text';
import { useMarkAllRead, useMarkRead, useNotifications, useUnreadCount } from './use-alerts';

/**
 * The header's bell: the unread count as a badge (announced politely when it changes), opening the newest
 * notifications. Choosing one marks it read and follows its link; "Mark all read" clears the badge.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const titleId = useId();
  const unread = useUnreadCount();
  const list = useNotifications(isOpen);
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const count = unread.data?.unread ?? 0;
  const label = t('alerts.bell.label', { count });

  return (
    <>
      <VisuallyHidden aria-live="polite" data-testid="notification-count-status">
        {count > 0 ? t('alerts.bell.unread', { count }) : ''}
      </VisuallyHidden>
      <Popover opened={isOpen} onChange={setOpen} position="bottom-end" width={340} withinPortal trapFocus shadow="md">
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={label}
            onClick={() => setOpen((open) => !open)}
            data-testid="notification-bell"
          >
            <Indicator
              label={count > 99 ? '99+' : count}
              size={16}
              color="red.9"
              disabled={count === 0}
              offset={2}
              data-testid="notification-count"
            >
              <IconBell size={22} aria-hidden />
            </Indicator>
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown aria-labelledby={titleId} data-testid="notification-list">
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600} id={titleId}>
                {t('alerts.bell.title')}
              </Text>
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
                        setOpen(false);
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
        </Popover.Dropdown>
      </Popover>
    </>
  );
}
