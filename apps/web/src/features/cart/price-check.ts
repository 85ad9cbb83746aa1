import type { TCartOffer } from '@dsm/contracts';

/** The catalogue's current terms of a cart's offers; ids the catalogue no longer has are `missing`. */
export type TCurrentOffers = { data: TCartOffer[]; missing: string[] };

/** A difference between the cart and the catalogue that the buyer must confirm before ordering. */
export type TCartChange =
  | { kind: 'price'; item: TCartOffer; current: TCartOffer }
  | { kind: 'unsellable'; item: TCartOffer }
  | { kind: 'gone'; item: TCartOffer };

/** The outcome of a price check: what confirming would leave in the cart, and what changed. */
export type TPriceCheck = { confirmed: TCartOffer[]; changes: TCartChange[] };

/**
 * Compares the cart with the catalogue's current terms. A new price or payment model is a change
 * to confirm; an offer no longer for sale or no longer there is a change that takes it out of the
 * cart. Titles and suppliers are simply brought up to date.
 */
export function checkPrices(items: readonly TCartOffer[], current: TCurrentOffers): TPriceCheck {
  const byId = new Map(current.data.map((offer) => [offer['@id'], offer]));
  const confirmed: TCartOffer[] = [];
  const changes: TCartChange[] = [];
  for (const item of items) {
    const now = byId.get(item['@id']);
    if (!now) {
      changes.push({ kind: 'gone', item });
    } else if (!now.isSellable || now.providerId === null) {
      changes.push({ kind: 'unsellable', item });
    } else {
      if (now.price !== item.price || now.paymentModel !== item.paymentModel) {
        changes.push({ kind: 'price', item, current: now });
      }
      confirmed.push(now);
    }
  }
  return { confirmed, changes };
}

/** True when the cart differs from the confirmed items in anything stored (so it needs rewriting). */
export function needsUpdate(items: readonly TCartOffer[], confirmed: readonly TCartOffer[]): boolean {
  return JSON.stringify(items) !== JSON.stringify(confirmed);
}
