import { describe, expect, it } from 'vitest';
import { makeTestOffer } from '../../test/test-offer';
import { categoriesOf, EMPTY_OFFER_LIST_FILTER, filterOffers, isEmptyOfferListFilter } from './offer-list-filter';

const offers = [
  makeTestOffer({ '@id': 'a', title: 'Fahrradzählstellen Köln', categories: ['TRANSPORT'], keywords: ['Radverkehr'] }),
  makeTestOffer({
    '@id': 'b',
    title: 'Air quality',
    categories: ['ENVIRONMENT'],
    paymentModel: 'SUBSCRIPTION_BASED',
    price: 5,
  }),
  makeTestOffer({ '@id': 'c', title: 'Noise map', categories: ['ENVIRONMENT', 'HEALTH'] }),
];
const idsOf = (list: { '@id': string }[]) => list.map((offer) => offer['@id']);

describe('filterOffers', () => {
  it('keeps everything with an empty filter', () => {
    expect(idsOf(filterOffers(offers, EMPTY_OFFER_LIST_FILTER))).toEqual(['a', 'b', 'c']);
    expect(isEmptyOfferListFilter(EMPTY_OFFER_LIST_FILTER)).toBe(true);
  });

  it('matches every word in title, description or keywords, ignoring case and accents', () => {
    expect(idsOf(filterOffers(offers, { ...EMPTY_OFFER_LIST_FILTER, text: 'koln' }))).toEqual(['a']);
    expect(idsOf(filterOffers(offers, { ...EMPTY_OFFER_LIST_FILTER, text: 'radverkehr' }))).toEqual(['a']);
    expect(idsOf(filterOffers(offers, { ...EMPTY_OFFER_LIST_FILTER, text: 'hourly QUALITY' }))).toEqual(['b']);
  });

  it('filters by any chosen category and by payment model', () => {
    expect(idsOf(filterOffers(offers, { ...EMPTY_OFFER_LIST_FILTER, categories: ['HEALTH', 'TRANSPORT'] }))).toEqual([
      'a',
      'c',
    ]);
    expect(
      idsOf(
        filterOffers(offers, {
          ...EMPTY_OFFER_LIST_FILTER,
          categories: ['ENVIRONMENT'],
          paymentModel: 'FREE_OF_CHARGE',
        }),
      ),
    ).toEqual(['c']);
  });

  it('offers the categories of the listed offers', () => {
    expect(categoriesOf(offers)).toEqual(['ENVIRONMENT', 'HEALTH', 'TRANSPORT']);
  });
});
