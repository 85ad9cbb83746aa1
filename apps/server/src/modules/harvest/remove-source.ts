import { ErrorCode } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { deleteSource, findSource } from './harvest-repository';

/**
 * Removes a source (by id or name) and its runs; the offers it brought are soft-deleted, so they leave
 * search but likes and orders that name them keep their target.
 */
export async function removeSource(db: TDb, idOrName: string): Promise<void> {
  const source = await findSource(db, idOrName);
  if (!source) throw new AppError(ErrorCode.NOT_FOUND, `No harvest source ${idOrName}`);
  await deleteSource(db, source.id);
}
