import { chargedPrice } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { selectAccessFacts } from './entitlements-repository';

/** What decides whether a user may see an offer's access URLs. */
export type TAccessFacts = {
  paymentModel: string;
  /** The offer's price in euros. */
  price: number;
  /** The user published the offer, or acts for (is a member of) the publisher of one of its datasets. */
  isSupplier: boolean;
  /** The user holds an entitlement to the offer that is active now. */
  isEntitled: boolean;
};

/**
 * The one rule of access URLs: a free offer's URLs are everyone's; a paid offer's are its supplier's
 * and its entitled buyers' only. Everyone else still sees each endpoint's name, type, licence,
 * status and size.
 */
export function mayShowAccessUrls(facts: TAccessFacts): boolean {
  return chargedPrice(facts.paymentModel, facts.price) === 0 || facts.isSupplier || facts.isEntitled;
}

export type TFindOffersShowingAccessUrlsOptions = {
  db: TDb;
  /** The signed-in user the answer is for. */
  userId: string;
  /** Offer ids (UUIDs in lower case); ids of offers not in the catalogue are never shown. */
  offerIds: readonly string[];
  /** The moment entitlements are judged at; tests pass a fixed one. */
  now?: Date;
};

/** Which of these offers the user may see the access URLs of, by `mayShowAccessUrls`, in one query. */
export async function findOffersShowingAccessUrls(options: TFindOffersShowingAccessUrlsOptions): Promise<Set<string>> {
  const ids = [...new Set(options.offerIds)];
  if (ids.length === 0) return new Set();
  const rows = await selectAccessFacts(options.db, {
    userId: options.userId,
    offerIds: ids,
    now: options.now ?? new Date(),
  });
  return new Set(
    rows
      .filter((row) =>
        mayShowAccessUrls({
          paymentModel: row.payment_model,
          price: Number(row.price),
          isSupplier: row.is_supplier === true || row.is_supplier === 1,
          isEntitled: row.is_entitled === true || row.is_entitled === 1,
        }),
      )
      .map((row) => row.id),
  );
}
