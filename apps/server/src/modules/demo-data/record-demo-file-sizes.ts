import type { TDb } from '../../db/database';
import { recordDistributionSizes } from '../catalogue/distribution-url-repository';
import type { TDemoFile } from './ensure-demo-files';
import { DEMO_DATA_PATH } from './point-offer-at-demo-files';
import { SEEDED_DISTRIBUTION_IDS } from './repoint-demo-endpoints';

/**
 * Writes the sizes of the demo files into the seeded distributions that point at them: the catalogue is seeded
 * while the files are still being written, and a new generator version may write other sizes. Answers how many
 * distributions changed (none when every size is right already).
 */
export async function recordDemoFileSizes(db: TDb, files: readonly TDemoFile[]): Promise<number> {
  return recordDistributionSizes(db, { idsLike: SEEDED_DISTRIBUTION_IDS, folderPath: DEMO_DATA_PATH, sizes: files });
}
