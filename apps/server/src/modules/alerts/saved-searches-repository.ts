import { sql } from 'kysely';
import type { TDb } from '../../db/database';

/** A saved search as the module reads it. */
export type TSavedSearchRow = {
  id: string;
  user_id: string;
  name: string;
  query: string;
  filter: unknown;
  sort: string;
  is_alert_enabled: boolean;
  created_at: Date;
  last_checked_at: Date | null;
  last_notified_at: Date | null;
};

const COLUMNS = [
  'id',
  'user_id',
  'name',
  'query',
  'filter',
  'sort',
  'is_alert_enabled',
  'created_at',
  'last_checked_at',
  'last_notified_at',
] as const;

/** PostgreSQL's unique violation: the user has a saved search of that name already. */
export const UNIQUE_VIOLATION = '23505';

/** The user's saved searches, newest first. */
export async function findSavedSearches(db: TDb, userId: string): Promise<TSavedSearchRow[]> {
  return db
    .selectFrom('saved_searches')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/**
 * Inserts a saved search unless the user has `limit` already, in one transaction that holds a lock per user,
 * so concurrent saves cannot together pass the limit. Answers null when the limit is reached.
 */
export async function insertSavedSearch(
  db: TDb,
  values: { userId: string; name: string; query: string; filter: unknown; sort: string; isAlertEnabled: boolean },
  limit: number,
): Promise<TSavedSearchRow | null> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`saved-searches:${values.userId}`}, 0))`.execute(trx);
    const { count } = await trx
      .selectFrom('saved_searches')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', values.userId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= limit) return null;
    return trx
      .insertInto('saved_searches')
      .values({
        user_id: values.userId,
        name: values.name,
        query: values.query,
        filter: JSON.stringify(values.filter),
        sort: values.sort,
        is_alert_enabled: values.isAlertEnabled,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
  });
}

/** Changes the user's own saved search; answers undefined when they have none of that id. */
export async function updateSavedSearch(
  db: TDb,
  userId: string,
  id: string,
  change: { name?: string | undefined; isAlertEnabled?: boolean | undefined },
): Promise<TSavedSearchRow | undefined> {
  return db
    .updateTable('saved_searches')
    .set({
      ...(change.name === undefined ? {} : { name: change.name }),
      ...(change.isAlertEnabled === undefined ? {} : { is_alert_enabled: change.isAlertEnabled }),
      updated_at: sql`now()` as never,
    })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(COLUMNS)
    .executeTakeFirst();
}

/** Deletes the user's own saved search; answers false when they have none of that id. */
export async function deleteSavedSearch(db: TDb, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('saved_searches')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
