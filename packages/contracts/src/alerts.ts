import { z } from 'zod';
import { ZAlertLanguage } from './alert-languages';
import { NO_CONTROL_CHARACTERS } from './catalogue';
import { endpointGroup } from './endpoint';
import { zPageQuery } from './paging';
import { ZSearchFilter, ZSearchQuerystring, ZSearchSort } from './search';

const alertsApi = endpointGroup('alerts');

/** Saved searches one user may keep. */
export const MAX_SAVED_SEARCHES = 50;
/** Longest name of a saved search, in characters. */
export const MAX_SAVED_SEARCH_NAME = 100;

const ZSavedSearchName = z
  .string()
  .trim()
  .min(1, 'name must not be empty')
  .max(MAX_SAVED_SEARCH_NAME, `name must have at most ${MAX_SAVED_SEARCH_NAME} characters`)
  .regex(NO_CONTROL_CHARACTERS, 'name must not contain control characters');

/** `POST /api/saved-searches`: a search to keep, as the search page ran it. */
export const ZSavedSearchInput = z
  .object({
    name: ZSavedSearchName,
    /** The '|'-joined search terms; empty searches the whole catalogue. */
    query: ZSearchQuerystring.shape.query.default(''),
    filter: ZSearchFilter.default(ZSearchFilter.parse({})),
    sort: ZSearchSort.default('relevance'),
    /** True: new matching offers become notifications (and mails, where the marketplace sends them). */
    isAlertEnabled: z.boolean().default(true),
    /** The app's language now: the alert mails are written in it. */
    language: ZAlertLanguage.optional(),
  })
  .strict();
export type TSavedSearchInput = z.input<typeof ZSavedSearchInput>;

/** `PATCH /api/saved-searches/:id`: a new name, alerts on or off, or both. */
export const ZSavedSearchChange = z
  .object({
    name: ZSavedSearchName.optional(),
    isAlertEnabled: z.boolean().optional(),
    language: ZAlertLanguage.optional(),
  })
  .strict()
  .refine((change) => change.name !== undefined || change.isAlertEnabled !== undefined, {
    message: 'name or isAlertEnabled must be given',
    path: ['name'],
  });
export type TSavedSearchChange = z.input<typeof ZSavedSearchChange>;

export const ZSavedSearchParams = z.object({ id: z.uuid({ message: 'must be a saved search id' }) });

export const ZSavedSearch = z.object({
  id: z.string(),
  name: z.string(),
  query: z.string(),
  filter: ZSearchFilter,
  sort: ZSearchSort,
  isAlertEnabled: z.boolean(),
  createdAt: z.string(),
  /** When new offers were last looked for; null before the first check. */
  lastCheckedAt: z.string().nullable(),
  /** When the last alert about new offers was written; null before the first. */
  lastNotifiedAt: z.string().nullable(),
});
export type TSavedSearch = z.infer<typeof ZSavedSearch>;

export const ZSavedSearchList = z.object({ items: z.array(ZSavedSearch), limit: z.number().int() });
export type TSavedSearchList = z.infer<typeof ZSavedSearchList>;

export const NOTIFICATION_KINDS = ['new_offers', 'price_change', 'endpoint_offline', 'endpoint_online'] as const;
export type TNotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** An offer a notification names. */
export const ZNotificationOffer = z.object({ id: z.string(), title: z.string() });

/**
 * One alert. `params` carries what its translated text needs: for `new_offers` the saved search's name, the
 * number of new offers and the first of them; for `price_change` the offer and its old and new price; for
 * the endpoint kinds the offer and the endpoint's title.
 */
export const ZNotification = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  params: z.object({
    savedSearchName: z.string().optional(),
    count: z.number().int().optional(),
    offers: z.array(ZNotificationOffer).optional(),
    offer: ZNotificationOffer.optional(),
    oldPrice: z.number().optional(),
    newPrice: z.number().optional(),
    currency: z.string().optional(),
    endpoint: z.string().optional(),
  }),
  /** The app path the notification leads to. */
  link: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationListQuery = zPageQuery(10_000);
export type TNotificationListQuery = z.input<typeof ZNotificationListQuery>;

export const ZNotificationList = z.object({
  items: z.array(ZNotification),
  total: z.number().int(),
  unread: z.number().int(),
});
export type TNotificationList = z.infer<typeof ZNotificationList>;

export const ZNotificationParams = z.object({ id: z.uuid({ message: 'must be a notification id' }) });
export const ZMarkAllReadResponse = z.object({ marked: z.number().int() });

/** Which alerts about liked and bought offers the user wants, and the language of the mails. */
export const ZAlertPreferences = z.object({
  language: ZAlertLanguage,
  isPriceAlertEnabled: z.boolean(),
  isEndpointAlertEnabled: z.boolean(),
});
export type TAlertPreferences = z.infer<typeof ZAlertPreferences>;
export const ZAlertPreferencesChange = ZAlertPreferences.partial().strict();

/** `GET` and `POST /api/unsubscribe?token=`: the token of an alert mail's unsubscribe link. */
export const ZUnsubscribeQuery = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be the token of an unsubscribe link'),
});
export const ZUnsubscribeResponse = z.object({
  /** What the link stops: a saved search's alerts, or alerts about price or endpoint changes. */
  scope: z.enum(['saved_search', 'price', 'endpoint']),
  savedSearchName: z.string().nullable(),
  /** True once unsubscribed (after the POST, or when the link was used before). */
  isUnsubscribed: z.boolean(),
});
export type TUnsubscribeResponse = z.infer<typeof ZUnsubscribeResponse>;

export const savedSearchesEndpoint = alertsApi('GET /api/saved-searches', {
  answer: ZSavedSearchList,
  summary: "The signed-in user's saved searches",
  errors: [],
});

export const createSavedSearchEndpoint = alertsApi('POST /api/saved-searches', {
  body: ZSavedSearchInput,
  answer: ZSavedSearch,
  status: 201,
  summary: 'Save a search',
  description: 'At most 50 per user, names unique per user (409 otherwise).',
  errors: [400, 404, 409],
});

export const changeSavedSearchEndpoint = alertsApi('PATCH /api/saved-searches/:id', {
  params: ZSavedSearchParams,
  body: ZSavedSearchChange,
  answer: ZSavedSearch,
  summary: 'Rename a saved search or turn its alerts on or off',
  errors: [400, 404, 409],
});

export const deleteSavedSearchEndpoint = alertsApi('DELETE /api/saved-searches/:id', {
  params: ZSavedSearchParams,
  answer: z.null(),
  status: 204,
  summary: 'Delete a saved search',
  errors: [400, 404, 409],
});

export const notificationsEndpoint = alertsApi('GET /api/notifications', {
  query: ZNotificationListQuery,
  answer: ZNotificationList,
  summary: "A page of the signed-in user's notifications, newest first",
  errors: [400],
});

export const markReadEndpoint = alertsApi('POST /api/notifications/:id/read', {
  params: ZNotificationParams,
  answer: ZNotification,
  summary: 'Mark a notification read',
  errors: [400, 404, 409],
});

export const markAllReadEndpoint = alertsApi('POST /api/notifications/read-all', {
  answer: ZMarkAllReadResponse,
  summary: 'Mark every notification read',
  errors: [],
});

export const alertPreferencesEndpoint = alertsApi('GET /api/alerts/preferences', {
  answer: ZAlertPreferences,
  summary: 'Which alerts about watched and bought offers the user gets, and their language',
  errors: [],
});

export const changeAlertPreferencesEndpoint = alertsApi('PUT /api/alerts/preferences', {
  body: ZAlertPreferencesChange,
  answer: ZAlertPreferences,
  summary: 'Turn alerts about watched and bought offers on or off',
  errors: [400],
});

/** Looking at an unsubscribe link and using it alike: its token in, what it stops out. */
const unsubscribeCall = { query: ZUnsubscribeQuery, answer: ZUnsubscribeResponse, errors: [400, 404] } as const;

export const unsubscribePreviewEndpoint = alertsApi('GET /api/unsubscribe', {
  ...unsubscribeCall,
  summary: 'What an unsubscribe link would stop; changes nothing',
  description: 'Answers a page with a button that POSTs when the client accepts HTML, JSON otherwise.',
});

export const unsubscribeEndpoint = alertsApi('POST /api/unsubscribe', {
  ...unsubscribeCall,
  summary: 'Unsubscribe with the token of an alert mail',
  description: 'Needs no session; the one-click unsubscribe of mail programs (RFC 8058) posts here.',
});
