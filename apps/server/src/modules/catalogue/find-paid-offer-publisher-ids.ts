import { sql } from 'kysely';
import type { TDb } from '../../db/database';

/** The publishers of the first datasets of offers sold for a price (sellable, not free of charge), each once. */
export async function findPaidOfferPublisherIds(db: TDb): Promise<string[]> {
  const { rows } = await sql<{ publisher_id: string }>`
    select distinct d.publisher_id
    from datasets d
    join offers o on o.id = d.offer_id
    where d.position = 0 and o.is_sellable and o.price > 0 and o.payment_model <> 'FREE_OF_CHARGE'
    order by 1`.execute(db);
  return rows.map((row) => row.publisher_id);
}
