import type { TOffer, TPaymentModel } from '@dsm/contracts';

/** The filter of the watchlist and My Acquisitions, applied in the browser to the offers listed. */
export type TOfferListFilter = {
  /** Words that must all appear in the title, description or keywords, in any case. */
  text: string;
  /** Offers in any of these categories; none means every category. */
  categories: string[];
  /** Offers with this payment model; null means any. */
  paymentModel: TPaymentModel | null;
};

export const EMPTY_OFFER_LIST_FILTER: TOfferListFilter = { text: '', categories: [], paymentModel: null };

const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** True when the filter narrows nothing. */
export const isEmptyOfferListFilter = (filter: TOfferListFilter): boolean =>
  filter.text.trim() === '' && filter.categories.length === 0 && filter.paymentModel === null;

/** The offers that pass the filter, in their order; accents are ignored, so 'Koln' finds 'Köln'. */
export function filterOffers<T extends TOffer>(offers: readonly T[], filter: TOfferListFilter): T[] {
  const words = fold(filter.text).split(/\s+/).filter(Boolean);
  return offers.filter((offer) => {
    if (filter.paymentModel && offer.paymentModel !== filter.paymentModel) return false;
    if (filter.categories.length > 0 && !offer.categories.some((category) => filter.categories.includes(category))) {
      return false;
    }
    if (words.length === 0) return true;
    const haystack = fold([offer.title, offer.description['@value'], ...offer.keywords].join(' '));
    return words.every((word) => haystack.includes(word));
  });
}

/** The categories of the listed offers, each once, for the filter's choices. */
export function categoriesOf(offers: readonly TOffer[]): string[] {
  return [...new Set(offers.flatMap((offer) => offer.categories))].sort();
}
