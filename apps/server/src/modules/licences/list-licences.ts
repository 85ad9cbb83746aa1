import type { TLicence } from '@dsm/contracts';
import type { TDb } from '../../db/database';

/** Every licence of the catalogue, by title. */
export async function listLicences(db: TDb): Promise<TLicence[]> {
  const rows = await db.selectFrom('licences').select(['id', 'title', 'url', 'mappings']).orderBy('title').execute();
  return rows.map(presentLicence);
}

export function presentLicence(row: { id: string; title: string; url: string; mappings: string[] }): TLicence {
  return { licenceId: row.id, licenceTitle: row.title, licenceUrl: row.url, mappings: row.mappings };
}
