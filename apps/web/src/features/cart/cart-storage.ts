import { MAX_ORDER_ITEMS, type TCartOffer, type TOffer, ZCartOffer } from '@dsm/contracts';
import { z } from 'zod';

/** The local-storage key of the carts: one entry per user, `[{ id: userId, items: offers }]`. */
export const CART_STORAGE_KEY = 'cart';

/** One user's cart, the specification's Cart entry. */
export const ZCartEntry = z.object({ id: z.string().min(1), items: z.array(ZCartOffer) });
export type TCartEntry = z.infer<typeof ZCartEntry>;

/** A cart holds at most as many offers as one order can take. */
export const MAX_CART_ITEMS = MAX_ORDER_ITEMS;

/** What went wrong with a cart change; each code has a message in the `cart.errors` texts. */
export type TCartErrorCode = 'ALREADY_IN_CART' | 'NO_CART' | 'CART_FULL';

const CART_ERROR_MESSAGES: Record<TCartErrorCode, string> = {
  ALREADY_IN_CART: 'Item already in cart',
  NO_CART: 'No cart found',
  CART_FULL: `A cart holds at most ${MAX_CART_ITEMS} offers`,
};

/** A refused cart change: the specification's 'Item already in cart' and 'No cart found', and a full cart. */
export class CartError extends Error {
  override readonly name = 'CartError';
  constructor(readonly code: TCartErrorCode) {
    super(CART_ERROR_MESSAGES[code]);
  }
}

/** The carts read from storage, and whether anything stored had to be dropped. */
export type TParsedCarts = { entries: TCartEntry[]; isDamaged: boolean };

/**
 * Reads the stored carts. Anything that does not fit (not JSON, not a list, an entry or item of
 * another shape, a second entry for the same user, items beyond MAX_CART_ITEMS) is dropped and
 * reported as damage, so a corrupted value costs at most that part of the cart and never the page.
 */
export function parseCarts(raw: string | null): TParsedCarts {
  if (raw === null) return { entries: [], isDamaged: false };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { entries: [], isDamaged: true };
  }
  if (!Array.isArray(value)) return { entries: [], isDamaged: true };
  const entries: TCartEntry[] = [];
  let isDamaged = false;
  for (const candidate of value) {
    const parsed = ZCartEntry.safeParse(candidate);
    if (!parsed.success || entries.some((entry) => entry.id === parsed.data.id)) {
      isDamaged = true;
      continue;
    }
    if (parsed.data.items.length > MAX_CART_ITEMS) {
      isDamaged = true;
      parsed.data.items = parsed.data.items.slice(0, MAX_CART_ITEMS);
    }
    entries.push(parsed.data);
  }
  return { entries, isDamaged };
}

/** The items of a user's cart; none when the user has no cart. */
export function cartItemsOf(entries: readonly TCartEntry[], userId: string): TCartOffer[] {
  return entries.find((entry) => entry.id === userId)?.items ?? [];
}

/**
 * The carts with an offer added to the user's (created when missing); ALREADY_IN_CART when it is
 * there, CART_FULL when the cart holds as many offers as one order can take.
 */
export function withItemAdded(entries: readonly TCartEntry[], userId: string, item: TCartOffer): TCartEntry[] {
  const current = entries.find((entry) => entry.id === userId);
  if (!current) return [...entries, { id: userId, items: [item] }];
  if (current.items.some((existing) => existing['@id'] === item['@id'])) throw new CartError('ALREADY_IN_CART');
  if (current.items.length >= MAX_CART_ITEMS) throw new CartError('CART_FULL');
  return entries.map((entry) => (entry === current ? { id: userId, items: [...entry.items, item] } : entry));
}

/** The carts with an offer taken out of the user's; NO_CART when the user has no cart. */
export function withItemRemoved(entries: readonly TCartEntry[], userId: string, itemId: string): TCartEntry[] {
  const current = entries.find((entry) => entry.id === userId);
  if (!current) throw new CartError('NO_CART');
  return entries.map((entry) =>
    entry === current ? { id: userId, items: entry.items.filter((item) => item['@id'] !== itemId) } : entry,
  );
}

/** The carts with the user's items replaced (after a price check); NO_CART when the user has no cart. */
export function withItemsReplaced(
  entries: readonly TCartEntry[],
  userId: string,
  items: readonly TCartOffer[],
): TCartEntry[] {
  if (!entries.some((entry) => entry.id === userId)) throw new CartError('NO_CART');
  return entries.map((entry) => (entry.id === userId ? { id: userId, items: [...items] } : entry));
}

/** The carts without the user's: after an order, other users' carts in this browser stay. */
export function withCartCleared(entries: readonly TCartEntry[], userId: string): TCartEntry[] {
  return entries.filter((entry) => entry.id !== userId);
}

/** An offer as the cart keeps it: its sale terms and its supplier (the first dataset's publisher). */
export function toCartOffer(offer: TOffer): TCartOffer {
  const publisher = offer.datasets[0]?.['dcterms:publisher'];
  const person = [publisher?.['foaf:firstName'], publisher?.['foaf:lastName']].filter(Boolean).join(' ');
  return {
    '@id': offer['@id'],
    title: offer.title,
    paymentModel: offer.paymentModel,
    price: offer.price,
    isSellable: offer.isSellable,
    providerId: publisher?.['@id'] ?? null,
    providerName: publisher ? (publisher['foaf:name'] ?? (person || publisher['@id'])) : null,
  };
}
