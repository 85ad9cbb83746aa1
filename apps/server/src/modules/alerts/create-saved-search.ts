import { ErrorCode, MAX_SAVED_SEARCHES, type TSavedSearch, type ZSavedSearchInput } from '@dsm/contracts';
import type { z } from 'zod';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { TAuthUser } from '../auth/verify-access-token';
import { presentSavedSearch } from './present-saved-search';
import { rememberRecipient } from './recipients-repository';
import { duplicateName, isUniqueViolation } from './saved-search-errors';
import { insertSavedSearch, type TSavedSearchRow } from './saved-searches-repository';

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
