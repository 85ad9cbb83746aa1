import type { TDb } from '../../db/database';

/** The endpoint an Api offer is called at through the API gateway. */
export type TApiEndpoint = {
  /** The base URL calls are forwarded to: the first endpoint's access URL. */
  baseUrl: string;
  /** The endpoint's position in the endpoints table (its credential is stored by position). */
  position: number;
};

/**
 * The endpoint of an offer with the Api access type that the gateway forwards to, or null when the offer
 * is unknown, not of the Api access type, or has no endpoint with an access URL. An offer with several
 * endpoints is called at its first one.
 */
export async function findApiEndpoint(db: TDb, offerId: string): Promise<TApiEndpoint | null> {
  const row = await db
    .selectFrom('offers as o')
    .innerJoin('datasets as s', 's.offer_id', 'o.id')
    .innerJoin('distributions as d', 'd.dataset_id', 's.id')
    .select(['d.access_url', 'd.position'])
    .where('o.id', '=', offerId)
    .where('o.access_type', '=', 'API')
    .where('d.access_url', 'is not', null)
    .orderBy('s.position')
    .orderBy('d.position')
    .limit(1)
    .executeTakeFirst();
  return row?.access_url ? { baseUrl: row.access_url, position: row.position } : null;
}
