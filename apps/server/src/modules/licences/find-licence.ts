import { matchLicence, type TLicence } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { listLicences } from './list-licences';

/** The catalogue licence a text names (its id, title, URL or an alternative name), or null. */
export async function findLicence(db: TDb, text: string): Promise<TLicence | null> {
  return matchLicence(text, await listLicences(db));
}
