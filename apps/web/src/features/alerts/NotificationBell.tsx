import { ActionIcon, Indicator, Loader, Popover, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { type ReactNode, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '../../shared/lazy-part';
import { useUnreadCount } from './use-unread-count';

/** The dropdown's list and its calls load on the first opening; the bell itself only counts. */
const NotificationList = lazyPart(async () => (await import('./NotificationList')).NotificationList, NoList);

/** When the list's code cannot be loaded: the dropdown stays empty but for its title (lazyPart reports it). */
function NoList({ title }: { title: ReactNode }) {
  return <>{title}</>;
}

/**
 * The header's bell: the unread count as a badge (announced politely when it changes), opening the newest
 * notifications. Choosing one marks it read and follows its link; "Mark all read" clears the badge.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const titleId = useId();
  const unread = useUnreadCount();
  const count = unread.data?.unread ?? 0;
  const label = t('alerts.bell.label', { count });
  const title = (
    <Text fw={600} id={titleId}>
      {t('alerts.bell.title')}
    </Text>
  );

  const status = (
    <VisuallyHidden aria-live="polite" data-testid="notification-count-status">
      {count > 0 ? t('alerts.bell.unread', { count }) : ''}
    </VisuallyHidden>
  );
  const bell = (
    <ActionIcon
      variant="subtle"
      size="lg"
      aria-label={label}
      onClick={() => {
        setHasOpened(true);
        setOpen((open) => !open);
      }}
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
  );
  // The popover comes with the first opening: mounted closed, its positioning drew the header again
  // synchronously, in the long task of the page's settling on a phone.
  if (!hasOpened) {
    return (
      <>
        {status}
        {bell}
      </>
    );
  }

  return (
    <>
      {status}
      <Popover opened={isOpen} onChange={setOpen} position="bottom-end" width={340} withinPortal trapFocus shadow="md">
        <Popover.Target>{bell}</Popover.Target>
        <Popover.Dropdown aria-labelledby={titleId} data-testid="notification-list">
          {isOpen && (
            <Suspense
              fallback={
                <Stack gap="xs">
                  {title}
                  <Loader size="sm" role="status" aria-label={t('alerts.bell.loading')} />
                </Stack>
              }
            >
              <NotificationList title={title} count={count} onClose={() => setOpen(false)} />
            </Suspense>
          )}
        </Popover.Dropdown>
      </Popover>
    </>
  );
}
