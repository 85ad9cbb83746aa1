import type { TDb } from '../../db/database';
import { moveDistributionUrls } from '../catalogue/distribution-url-repository';
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
  return moveDistributionUrls(db, { idsLike: SEEDED_DISTRIBUTION_IDS, folderPath: DEMO_DATA_PATH, base });
}
