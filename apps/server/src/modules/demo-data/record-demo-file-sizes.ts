import { sql } from 'kysely';
import type { TDb } from '../../db/database';
import type { TDemoFile } from './ensure-demo-files';
import { DEMO_DATA_PATH } from './point-offer-at-demo-files';
import { SEEDED_DISTRIBUTION_IDS } from './repoint-demo-endpoints';

/**
 * Writes the sizes of the demo files into the seeded distributions that point at them: the catalogue is seeded
 * while the files are still being written, and a new generator version may write other sizes. Answers how many
 * distributions changed (none when every size is right already).
 */
export async function recordDemoFileSizes(db: TDb, files: readonly TDemoFile[]): Promise<number> {
  if (files.length === 0) return 0;
  const result = await sql`
    update distributions d set byte_size = f.byte_size
    from unnest(${files.map((file) => file.name)}::text[], ${files.map((file) => file.byteSize)}::bigint[])
      as f (name, byte_size)
    where d.id like ${SEEDED_DISTRIBUTION_IDS}
      and substring(d.access_url from ${`${DEMO_DATA_PATH}([^/]+)$`}) = f.name
      and d.byte_size is distinct from f.byte_size`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
