import type { TCartQuoteResponse } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { loadOffersForSale } from './load-offers-for-sale';

/**
 * The cart's price check before checkout: each offer's current price, payment model, whether it is
 * still for sale and its supplier, in the order asked; ids the catalogue no longer has are `missing`.
 */
export async function quoteCart(db: TDb, ids: readonly string[]): Promise<TCartQuoteResponse> {
  const offers = await loadOffersForSale(db, ids);
  const data = [];
  const missing = [];
  for (const id of ids) {
    const offer = offers.get(id.toLowerCase());
    if (offer) data.push(offer);
    else missing.push(id);
  }
  return { data, missing };
}
