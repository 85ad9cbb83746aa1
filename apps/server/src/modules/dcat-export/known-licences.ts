import type { TLicence } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { LICENCE_CATALOGUE } from '../catalogue/licence-catalogue';
import { listLicences } from '../licences/list-licences';

/** The stored licences, then the built-in catalogue, so licence IRIs are known before the licences are seeded. */
export async function listKnownLicences(db: TDb): Promise<TLicence[]> {
  return [...(await listLicences(db)), ...LICENCE_CATALOGUE];
}
