import { sql } from 'kysely';
import type { TDb } from '../../db/database';

/** One endpoint (distribution) of an offer, with what delivering it needs to know of the offer. */
export type TOfferEndpoint = {
  offerId: string;
  offerTitle: string;
  /** DIRECT, API or CONNECTOR; offers stored without one are DIRECT. */
  accessType: string;
  title: string;
  mediaType: string | null;
  format: string | null;
  /** Null when the supplier gave none. */
  accessUrl: string | null;
  byteSize: number | null;
};

/**
 * The endpoint at `position` of an offer (its datasets in order, then their distributions in order: the order the
 * offer's pages and its connector assets count them in), or null when the offer or the position does not exist.
 */
export async function findOfferEndpoint(db: TDb, offerId: string, position: number): Promise<TOfferEndpoint | null> {
  const row = await db
    .selectFrom('offers as o')
    .innerJoin('datasets as s', 's.offer_id', 'o.id')
    .innerJoin('distributions as d', 'd.dataset_id', 's.id')
    .select([
      'o.id as offer_id',
      'o.title as offer_title',
      'o.access_type',
      'd.title',
      'd.media_type',
      'd.format',
      'd.access_url',
      'd.byte_size',
    ])
    .where('o.id', '=', offerId.toLowerCase())
    .orderBy('s.position')
    .orderBy('d.position')
    .orderBy(sql`d.id`)
    .offset(position)
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  return {
    offerId: row.offer_id,
    offerTitle: row.offer_title,
    accessType: row.access_type ?? 'DIRECT',
    title: row.title,
    mediaType: row.media_type,
    format: row.format,
    accessUrl: row.access_url,
    byteSize: row.byte_size === null ? null : Number(row.byte_size),
  };
}
