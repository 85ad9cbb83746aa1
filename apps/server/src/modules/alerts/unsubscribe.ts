import { createHash, randomBytes } from 'node:crypto';
import { ErrorCode, type TUnsubscribeResponse } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { updateRecipientAlerts } from './recipients-repository';

/** What an unsubscribe link stops. */
export type TUnsubscribeScope = { scope: 'saved_search'; savedSearchId: string } | { scope: 'price' | 'endpoint' };

const hashOf = (token: string) => createHash('sha256').update(token).digest();

/**
 * A new unsubscribe token for one mail: 32 random bytes, base64url. Only its hash is stored, so a copy of
 * the database unsubscribes nobody; the link needs no session, since the mail's reader is its owner.
 */
export async function createUnsubscribeToken(db: TDb, userId: string, target: TUnsubscribeScope): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('unsubscribe_tokens')
    .values({
      token_hash: hashOf(token),
      user_id: userId,
      scope: target.scope,
      saved_search_id: target.scope === 'saved_search' ? target.savedSearchId : null,
    })
    .execute();
  return token;
}

async function findToken(db: TDb, token: string) {
  const row = await db
    .selectFrom('unsubscribe_tokens as t')
    .leftJoin('saved_searches as s', 's.id', 't.saved_search_id')
    .select(['t.user_id', 't.scope', 't.saved_search_id', 't.used_at', 's.name', 's.is_alert_enabled'])
    .where('t.token_hash', '=', hashOf(token))
    .executeTakeFirst();
  // A saved search deleted since takes its tokens with it (on delete cascade).
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'This unsubscribe link is unknown or its saved search was deleted');
  return row;
}

/** What the link would stop, changing nothing: mail scanners that follow links must not unsubscribe anyone. */
export async function previewUnsubscribe(db: TDb, token: string): Promise<TUnsubscribeResponse> {
  const row = await findToken(db, token);
  return { scope: row.scope, savedSearchName: row.name ?? null, isUnsubscribed: row.used_at !== null };
}

/**
 * Stops what the link names: the saved search's alerts, or the alerts about price or endpoint changes of
 * watched and bought offers. Using a link twice changes nothing more.
 */
export async function unsubscribe(db: TDb, token: string, now: Date): Promise<TUnsubscribeResponse> {
  const row = await findToken(db, token);
  await db.transaction().execute(async (trx) => {
    if (row.scope === 'saved_search') {
      await trx
        .updateTable('saved_searches')
        .set({ is_alert_enabled: false })
        .where('id', '=', row.saved_search_id!)
        .execute();
    } else {
      await updateRecipientAlerts(
        trx,
        row.user_id,
        row.scope === 'price' ? { isPriceAlertEnabled: false } : { isEndpointAlertEnabled: false },
      );
    }
    await trx
      .updateTable('unsubscribe_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', hashOf(token))
      .where('used_at', 'is', null)
      .execute();
  });
  return { scope: row.scope, savedSearchName: row.name ?? null, isUnsubscribed: true };
}

/** The language of the user a token was made for, for its confirmation page. */
export async function findUnsubscribeLanguage(db: TDb, token: string): Promise<string> {
  const row = await db
    .selectFrom('unsubscribe_tokens as t')
    .leftJoin('alert_recipients as r', 'r.user_id', 't.user_id')
    .select('r.language')
    .where('t.token_hash', '=', hashOf(token))
    .executeTakeFirst();
  return row?.language ?? 'de';
}
