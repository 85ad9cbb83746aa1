import type { TDb } from '../../db/database';

/**
 * The country of the first of these offers (in their order) that is searchable and names the agent as
 * publisher; null when none gives one.
 */
export async function findCountryOfOffers(
  db: TDb,
  agentId: string,
  offerIds: readonly string[],
): Promise<string | null> {
  if (offerIds.length === 0) return null;
  const rows = await db
    .selectFrom('offers as o')
    .innerJoin('datasets as d', 'd.offer_id', 'o.id')
    .select(['o.id', 'o.country'])
    .where('o.id', '=', (eb) => eb.fn.any(eb.val([...offerIds])))
    .where('d.publisher_id', '=', agentId)
    .where('o.state', '=', 'ACTIVE')
    .where('o.country', 'is not', null)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row.country]));
  for (const id of offerIds) {
    const country = byId.get(id);
    if (country) return country;
  }
  return null;
}
