import type { TLicence } from '@dsm/contracts';
import { sql } from 'kysely';
import type { TDb } from '../../db/database';
import licences from './licence-catalogue.json' with { type: 'json' };

/**
 * The licences real portals use, each with the spellings publishers write for it: ids (CKAN, SPDX),
 * German and English titles, the licence URL with and without scheme or trailing slash, and the
 * vocabulary URIs of DCAT-AP (EU) and DCAT-AP.de (GovData). `matchLicence` compares normalised text,
 * so case, scheme, `www.` and trailing slashes need no separate entries; no two licences may share a
 * normalised name (a test checks). Kept as data in `licence-catalogue.json`.
 */
export const LICENCE_CATALOGUE: TLicence[] = licences;

/**
 * Writes the licence catalogue, replacing the title, URL and mappings of licences already present,
 * so a changed catalogue reaches existing databases at the next start.
 */
export async function seedLicences(db: TDb): Promise<number> {
  await db
    .insertInto('licences')
    .values(
      LICENCE_CATALOGUE.map((licence) => ({
        id: licence.licenceId,
        title: licence.licenceTitle,
        url: licence.licenceUrl,
        mappings: licence.mappings,
      })),
    )
    .onConflict((conflict) =>
      conflict.column('id').doUpdateSet({
        title: sql`excluded.title`,
        url: sql`excluded.url`,
        mappings: sql`excluded.mappings`,
      }),
    )
    .execute();
  return LICENCE_CATALOGUE.length;
}
