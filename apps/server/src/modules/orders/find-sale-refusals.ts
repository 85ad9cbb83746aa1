import { chargedPrice, type TCartOffer, type TSaleRefusal } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { findHeldOffers } from '../entitlements/take-holdings';
import { hasCompleteInvoiceProfile } from '../organisations/organisation-policy';
import { loadOffersForSale } from './load-offers-for-sale';
import { selectSaleFacts } from './sale-status-repository';

/** Everything the sale rule weighs for one offer and one user. */
export type TSaleFacts = {
  offer: Pick<TCartOffer, 'isSellable' | 'paymentModel' | 'price' | 'providerId'>;
  /** The user's organisation sells it, or the user published it. */
  isOwn: boolean;
  /** An organisation with a complete invoice profile sells as its publisher. */
  hasCompleteSeller: boolean;
  /** The user holds it now (see take-holdings.ts). */
  isHeld: boolean;
};

/**
 * The one sale rule: why this user cannot order this offer, or null when they can. The details page,
 * the cart and checkout all answer by it. Checked in this order: the supplier does not sell it (a
 * free one from another portal has nothing to order), the user's own offer, an offer the user holds
 * already, and a paid offer no organisation with a complete invoice profile sells (a free one needs no
 * invoice, so no seller).
 */
export function saleRefusalOf(facts: TSaleFacts): TSaleRefusal | null {
  const isPaid = chargedPrice(facts.offer.paymentModel, facts.offer.price) > 0;
  if (!facts.offer.isSellable) return isPaid ? 'NOT_SOLD' : 'FREE_FROM_SOURCE';
  if (facts.offer.providerId === null) return 'NOT_SOLD';
  if (facts.isOwn) return 'OWN_OFFER';
  if (facts.isHeld) return 'ALREADY_YOURS';
  if (isPaid && !facts.hasCompleteSeller) return 'SELLER_INCOMPLETE';
  return null;
}

export type TFindSaleFactsOptions = {
  db: TDb;
  userId: string;
  /** The offers' current sale terms, keyed by lower-case id (from loadOffersForSale). */
  offers: ReadonlyMap<string, Pick<TCartOffer, 'isSellable' | 'paymentModel' | 'price' | 'providerId'>>;
  /** Whether to look up holdings; checkout leaves them to the holdings' constraint. */
  withHoldings: boolean;
  now?: Date;
};

/** The sale facts of offers already loaded, keyed like `offers`, in two statements. */
export async function findSaleFacts(options: TFindSaleFactsOptions): Promise<Map<string, TSaleFacts>> {
  const ids = [...options.offers.keys()];
  const [rows, held] = await Promise.all([
    selectSaleFacts(options.db, { userId: options.userId, offerIds: ids }),
    options.withHoldings
      ? findHeldOffers({
          db: options.db,
          userId: options.userId,
          offerIds: ids,
          ...(options.now ? { now: options.now } : {}),
        })
      : Promise.resolve(new Set<string>()),
  ]);
  const byId = new Map(rows.map((row) => [row.id.toLowerCase(), row]));
  return new Map(
    ids.map((id) => {
      const row = byId.get(id);
      return [
        id,
        {
          offer: options.offers.get(id)!,
          isOwn: row?.is_own === true,
          hasCompleteSeller: row?.seller ? hasCompleteInvoiceProfile(row.seller) : false,
          isHeld: held.has(id),
        },
      ];
    }),
  );
}

export type TFindSaleRefusalsOptions = { db: TDb; userId: string; offerIds: readonly string[]; now?: Date };

/** Why the user cannot order each of these offers (null: they can), keyed by lower-case id; unknown ids are absent. */
export async function findSaleRefusals(options: TFindSaleRefusalsOptions): Promise<Map<string, TSaleRefusal | null>> {
  const offers = await loadOffersForSale(options.db, options.offerIds);
  const facts = await findSaleFacts({
    db: options.db,
    userId: options.userId,
    offers,
    withHoldings: true,
    ...(options.now ? { now: options.now } : {}),
  });
  return new Map([...facts].map(([id, fact]) => [id, saleRefusalOf(fact)]));
}
