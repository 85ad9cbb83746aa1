import {
  ErrorCode,
  MAX_SAVED_SEARCHES,
  type TSavedSearch,
  type TSavedSearchList,
  type ZSavedSearchChange,
  type ZSavedSearchInput,
  ZSearchFilter,
  ZSearchSort,
} from '@dsm/contracts';
import type { z } from 'zod';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { TAuthUser } from '../auth/verify-access-token';
import { rememberRecipient } from './recipients-repository';
import {
  deleteSavedSearch as deleteRow,
  findSavedSearches,
  insertSavedSearch,
  type TSavedSearchRow,
  UNIQUE_VIOLATION,
  updateSavedSearch,
} from './saved-searches-repository';

/** The fields of a saved search that leave the server. */
export function presentSavedSearch(row: TSavedSearchRow): TSavedSearch {
  return {
    id: row.id,
    name: row.name,
    query: row.query,
    filter: ZSearchFilter.parse(row.filter),
    sort: ZSearchSort.parse(row.sort),
    isAlertEnabled: row.is_alert_enabled,
    createdAt: row.created_at.toISOString(),
    lastCheckedAt: row.last_checked_at?.toISOString() ?? null,
    lastNotifiedAt: row.last_notified_at?.toISOString() ?? null,
  };
}

const duplicateName = (name: string) =>
  new AppError(ErrorCode.CONFLICT, `You have a saved search named "${name}" already`, [
    { path: 'body.name', message: 'must differ from the names of your other saved searches' },
  ]);

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === UNIQUE_VIOLATION;

/** The signed-in user's saved searches, newest first, and how many they may keep. */
export async function listSavedSearches(db: TDb, userId: string): Promise<TSavedSearchList> {
  const rows = await findSavedSearches(db, userId);
  return { items: rows.map(presentSavedSearch), limit: MAX_SAVED_SEARCHES };
}

export type TCreateSavedSearchOptions = {
  db: TDb;
  user: TAuthUser;
  input: z.output<typeof ZSavedSearchInput>;
};

/** Saves a search for the user: at most MAX_SAVED_SEARCHES, names unique per user (CONFLICT otherwise). */
export async function createSavedSearch({ db, user, input }: TCreateSavedSearchOptions): Promise<TSavedSearch> {
  let row: TSavedSearchRow | null;
  try {
    row = await insertSavedSearch(
      db,
      {
        userId: user.id,
        name: input.name,
        query: input.query ?? '',
        filter: input.filter,
        sort: input.sort,
        isAlertEnabled: input.isAlertEnabled,
      },
      MAX_SAVED_SEARCHES,
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(input.name);
    throw error;
  }
  if (!row) {
    throw new AppError(
      ErrorCode.CONFLICT,
      `You can keep at most ${MAX_SAVED_SEARCHES} saved searches; delete one first`,
    );
  }
  await rememberRecipient(db, user.id, { email: user.email, language: input.language });
  return presentSavedSearch(row);
}

export type TChangeSavedSearchOptions = {
  db: TDb;
  user: TAuthUser;
  id: string;
  change: z.output<typeof ZSavedSearchChange>;
};

/** Renames the user's own saved search or turns its alerts on or off; another user's is NOT_FOUND. */
export async function changeSavedSearch({ db, user, id, change }: TChangeSavedSearchOptions): Promise<TSavedSearch> {
  let row: TSavedSearchRow | undefined;
  try {
    row = await updateSavedSearch(db, user.id, id, change);
  } catch (error) {
    if (isUniqueViolation(error) && change.name !== undefined) throw duplicateName(change.name);
    throw error;
  }
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, `No saved search ${id}`);
  await rememberRecipient(db, user.id, { email: user.email, language: change.language });
  return presentSavedSearch(row);
}

/** Deletes the user's own saved search (its pending matches and unsubscribe links with it). */
export async function deleteSavedSearch(db: TDb, userId: string, id: string): Promise<void> {
  if (!(await deleteRow(db, userId, id))) throw new AppError(ErrorCode.NOT_FOUND, `No saved search ${id}`);
}
