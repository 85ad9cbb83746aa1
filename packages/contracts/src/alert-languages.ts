import { z } from 'zod';
import { endpointGroup } from './endpoint';
import { LANGUAGES } from './languages';

const alertsApi = endpointGroup('alerts');

/**
 * The app's languages, which alert mails are written in, and the unread count of the header's bell:
 * a module of their own, so that the bell, on every page, does without the saved-search and search
 * schemas of `alerts.ts`.
 */
/** Alert mails are written in every language of the product. */
export const ALERT_LANGUAGES = LANGUAGES;
export const ZAlertLanguage = z.enum(ALERT_LANGUAGES);
export type TAlertLanguage = z.infer<typeof ZAlertLanguage>;

/** `GET /api/notifications/unread-count`: the app's language, remembered for the alert mails. */
export const ZUnreadCountQuery = z.object({ language: ZAlertLanguage.optional() });
export const ZUnreadCount = z.object({ unread: z.number().int() });
export type TUnreadCount = z.infer<typeof ZUnreadCount>;

export const unreadCountEndpoint = alertsApi('GET /api/notifications/unread-count', {
  query: ZUnreadCountQuery,
  answer: ZUnreadCount,
  summary: 'How many notifications are unread',
  description: "The app's language, when given, becomes the language of the user's alert mails.",
  errors: [400],
});
