import { z } from 'zod';
import { endpointGroup } from './endpoint';
import { ZOfferId } from './metadata';

// The units and the path parameters are declared here rather than in offer-creation.ts, which uses them
// too: the offer page shows an offer's terms, and importing offer-creation.ts would build the whole
// offer wizard's schemas (and the currency list) first.

const offersApi = endpointGroup('offers');

/** Units of a time restriction. */
export const TIME_UNITS = ['Days', 'Months', 'Years'] as const;
export type TTimeUnit = (typeof TIME_UNITS)[number];

/** Path parameters of the calls about one own offer (and of an offer's terms). */
export const ZOwnOfferParams = z.object({ id: ZOfferId });
export type TOwnOfferParams = z.infer<typeof ZOwnOfferParams>;

/**
 * The usage terms of an offer a buyer agrees to: the licence, the countries the data may be used in
 * (and so the countries of the organisations that may buy it), and how long it may be used. Shown
 * before purchase; the countries are enforced at checkout.
 */
export const ZOfferTerms = z.object({
  '@id': z.string(),
  title: z.string(),
  /** The licence of the offer's distributions (the first one's where they differ); null when none is named. */
  licence: z.string().nullable(),
  /** The licence as it is named everywhere (licenceLabelOf: its catalogue title, 'n/a' when it matches none); null when none is named. */
  licenceLabel: z.string().nullable(),
  /** Where the licence text can be read: the catalogue's URL, else the licence itself when it is a URL; null when unknown. */
  licenceUrl: z.string().nullable(),
  /** ISO 3166-1 alpha-2 codes of the countries buyers must be in; empty means anywhere. */
  allowedCountries: z.array(z.string()),
  /** How long the data may be used after purchase; null means without limit. */
  timeRestriction: z.object({ amount: z.number().int().positive(), unit: z.enum(TIME_UNITS) }).nullable(),
});
export type TOfferTerms = z.infer<typeof ZOfferTerms>;

/** The message of a checkout refused because the buyer's organisation is in none of an offer's countries. */
export function geoRestrictionMessage(title: string, allowedCountries: readonly string[], country: string): string {
  return `"${title}" may only be bought by organisations in ${allowedCountries.join(', ')}; yours is in ${country}`;
}

export const offerTermsEndpoint = offersApi('GET /api/offers/:id/terms', {
  params: ZOwnOfferParams,
  answer: ZOfferTerms,
  summary: "An offer's usage terms: licence, allowed countries, time restriction",
  description:
    'What a buyer agrees to, shown before purchase. Checkout refuses an offer with allowed countries to an organisation in none of them (403).',
  errors: [400, 404],
});
