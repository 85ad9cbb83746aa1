import { sql } from 'kysely';
import type { TDb } from '../../db/database';
import { DEMO_DATA_PATH } from './point-offer-at-demo-files';

/** The ids every seeded distribution has (generated and judged offers alike); harvested ones never do. */
export const SEEDED_DISTRIBUTION_IDS = 'https://dsm.example/distributions/%';

/**
 * Moves the seeded distributions' demo endpoints to the current PUBLIC_URL when the catalogue was seeded under
 * another one (the product started on another port or name since), so they keep reaching the files this process
 * serves. Only seeded distributions whose URL ends in /demo-data/{file} change; answers how many did.
 */
export async function repointDemoEndpoints(db: TDb, publicUrl: string): Promise<number> {
  const base = `${publicUrl.replace(/\/+$/, '')}${DEMO_DATA_PATH}`;
  const pattern = `^https?://[^/]+${DEMO_DATA_PATH}[^/]+$`;
  const result = await sql`
    update distributions
    set access_url = ${base} || substring(access_url from ${`${DEMO_DATA_PATH}([^/]+)$`})
    where id like ${SEEDED_DISTRIBUTION_IDS}
      and access_url ~ ${pattern}
      and left(access_url, ${base.length}) <> ${base}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
