import { ACCESS_TYPES, type TAccessType } from '@dsm/contracts';
import type { TDb } from '../../db/database';

/** The access type of each of these offers (DIRECT for one stored without); unknown ids are left out. */
export async function selectAccessTypes(db: TDb, offerIds: readonly string[]): Promise<Map<string, TAccessType>> {
  if (offerIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('offers')
    .select(['id', 'access_type'])
    .where('id', '=', (eb) => eb.fn.any(eb.val([...offerIds])))
    .execute();
  const isKnown = (value: string | null): value is TAccessType =>
    value !== null && (ACCESS_TYPES as readonly string[]).includes(value);
  return new Map(rows.map((row) => [row.id, isKnown(row.access_type) ? row.access_type : 'DIRECT']));
}
