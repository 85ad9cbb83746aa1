import { ErrorCode } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { deleteSavedSearch as deleteRow } from './saved-searches-repository';

/** Deletes the user's own saved search (its pending matches and unsubscribe links with it). */
export async function deleteSavedSearch(db: TDb, userId: string, id: string): Promise<void> {
  if (!(await deleteRow(db, userId, id))) throw new AppError(ErrorCode.NOT_FOUND, `No saved search ${id}`);
}
