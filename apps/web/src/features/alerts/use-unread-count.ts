import { ALERT_LANGUAGES, type TAlertLanguage, unreadCountEndpoint } from '@dsm/contracts';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/call-endpoint';
import { currentLanguage } from '../../shared/format/format';

/** Every query about notifications starts with this key, so one invalidation refreshes list and count. */
export const NOTIFICATIONS_KEY = ['notifications'] as const;
export const UNREAD_KEY = ['notifications', 'unread'] as const;

/** How often the bell asks for the unread count, in milliseconds. */
export const UNREAD_POLL_MS = 60_000;

/** The app's language as the alert mails know it; German, the app's default, for anything else. */
export function alertLanguage(): TAlertLanguage {
  const language = currentLanguage().slice(0, 2);
  return (ALERT_LANGUAGES as readonly string[]).includes(language) ? (language as TAlertLanguage) : 'de';
}

/** The header bell's count of unread notifications, asked for again every minute. */
export function useUnreadCount(isEnabled = true) {
  return useQuery({
    queryKey: UNREAD_KEY,
    enabled: isEnabled,
    refetchInterval: UNREAD_POLL_MS,
    queryFn: ({ signal }) => callEndpoint(unreadCountEndpoint, { query: { language: alertLanguage() }, signal }),
  });
}
