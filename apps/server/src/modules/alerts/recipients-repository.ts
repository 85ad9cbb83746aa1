import { sql } from 'kysely';
import type { TDb } from '../../db/database';

/** Where a user's alert mails go and what they want to be told about watched and bought offers. */
export type TRecipient = {
  email: string | null;
  language: string;
  isPriceAlertEnabled: boolean;
  isEndpointAlertEnabled: boolean;
};

/**
 * Remembers the signed-in user's address and, when given, the app's language for the alert mails. Writes only
 * when something changed, so the bell's polling costs a lookup, not a row version.
 */
export async function rememberRecipient(
  db: TDb,
  userId: string,
  details: { email: string | null; language?: string | undefined },
): Promise<void> {
  const email = details.email || null;
  const language = details.language ?? null;
  await sql`
    insert into alert_recipients (user_id, email, language)
    values (${userId}, ${email}, coalesce(${language}::text, 'de'))
    on conflict (user_id) do update
      set email = coalesce(excluded.email, alert_recipients.email),
        language = coalesce(${language}::text, alert_recipients.language),
        updated_at = now()
      where alert_recipients.email is distinct from coalesce(excluded.email, alert_recipients.email)
        or alert_recipients.language is distinct from coalesce(${language}::text, alert_recipients.language)`.execute(
    db,
  );
}

/** The user's recipient settings; defaults for a user who has none yet. */
export async function findRecipient(db: TDb, userId: string): Promise<TRecipient> {
  const row = await db
    .selectFrom('alert_recipients')
    .select(['email', 'language', 'is_price_alert_enabled', 'is_endpoint_alert_enabled'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return {
    email: row?.email ?? null,
    language: row?.language ?? 'de',
    isPriceAlertEnabled: row?.is_price_alert_enabled ?? true,
    isEndpointAlertEnabled: row?.is_endpoint_alert_enabled ?? true,
  };
}

/** Turns the alerts about watched and bought offers on or off, creating the user's row when needed. */
export async function updateRecipientAlerts(
  db: TDb,
  userId: string,
  change: {
    language?: string | undefined;
    isPriceAlertEnabled?: boolean | undefined;
    isEndpointAlertEnabled?: boolean | undefined;
  },
): Promise<void> {
  await sql`
    insert into alert_recipients (user_id, language, is_price_alert_enabled, is_endpoint_alert_enabled)
    values (${userId}, coalesce(${change.language ?? null}::text, 'de'), coalesce(${change.isPriceAlertEnabled ?? null}::boolean, true),
      coalesce(${change.isEndpointAlertEnabled ?? null}::boolean, true))
    on conflict (user_id) do update
      set language = coalesce(${change.language ?? null}::text, alert_recipients.language),
        is_price_alert_enabled = coalesce(${change.isPriceAlertEnabled ?? null}::boolean, alert_recipients.is_price_alert_enabled),
        is_endpoint_alert_enabled = coalesce(${change.isEndpointAlertEnabled ?? null}::boolean, alert_recipients.is_endpoint_alert_enabled),
        updated_at = now()`.execute(db);
}
