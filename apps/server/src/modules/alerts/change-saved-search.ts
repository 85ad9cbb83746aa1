import { ErrorCode, type TSavedSearch, type ZSavedSearchChange } from '@dsm/contracts';
import type { z } from 'zod';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { TAuthUser } from '../auth/verify-access-token';
import { presentSavedSearch } from './present-saved-search';
import { rememberRecipient } from './recipients-repository';
import { duplicateName, isUniqueViolation } from './saved-search-errors';
import { type TSavedSearchRow, updateSavedSearch } from './saved-searches-repository';

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
