import { z } from 'zod';
import { endpointGroup } from './endpoint';

/**
 * The organisation a user buys or sells for, as its members read it: its fields, the answer of
 * `GET /api/profile/organisation` and the VAT rules that follow from its country and VAT ID. A module
 * apart from organisation.ts, whose input checks bring jsvat and ibantools: the offer page's terms
 * panel and the profile menu need only this part.
 */

const organisationsApi = endpointGroup('organisations');

/** Member states of the European Union, whose business buyers outside Germany get reverse charge. */
export const EU_COUNTRY_CODES: readonly string[] = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
];

/** The country whose VAT law the invoices follow (the operator's). */
export const HOME_COUNTRY = 'DE';

/** An organisation as its members see it. Optional fields not given are empty strings. */
export const ZOrganisation = z.object({
  id: z.string(),
  legalName: z.string(),
  street: z.string(),
  postalCode: z.string(),
  city: z.string(),
  /** ISO 3166-1 alpha-2. */
  country: z.string(),
  vatId: z.string(),
  iban: z.string(),
  bic: z.string(),
  contactEmail: z.string(),
  /** Empty when not given. */
  contactPhone: z.string(),
  updatedAt: z.string(),
});
export type TOrganisation = z.infer<typeof ZOrganisation>;

/** The organisation fields a supplier must have besides a buyer's. */
export const SUPPLIER_FIELDS = ['vatId', 'iban', 'bic'] as const;

/**
 * `GET` and `PUT /api/profile/organisation`: the signed-in user's organisation (null until saved
 * once), whether it is complete enough to buy and to sell, and the fields selling still needs.
 */
export const ZOwnOrganisationResponse = z.object({
  organisation: ZOrganisation.nullable(),
  canBuy: z.boolean(),
  canSell: z.boolean(),
  missingToSell: z.array(z.enum(SUPPLIER_FIELDS)),
});
export type TOwnOrganisationResponse = z.infer<typeof ZOwnOrganisationResponse>;

/** The fields selling needs that an organisation lacks (all of them when there is none). */
export function missingToSell(organisation: Pick<TOrganisation, 'vatId' | 'iban' | 'bic'> | null) {
  return SUPPLIER_FIELDS.filter((field) => !organisation || organisation[field] === '');
}

/** Where the web app's organisation profile page is; error messages link to it. */
export const ORGANISATION_PROFILE_PAGE = '/profile/organisation';

/**
 * Reverse charge (§13b UStG): a business in another EU member state than HOME_COUNTRY, identified by
 * its VAT ID, owes the VAT itself; its invoices show 0 % and the legal note. The cart's preview and
 * the invoices decide it with this one rule.
 */
export function isReverseChargeParty(party: { country: string; vatId: string }): boolean {
  return party.country !== HOME_COUNTRY && EU_COUNTRY_CODES.includes(party.country) && party.vatId !== '';
}

/**
 * Not taxable in Germany (§3a Abs. 2 UStG): a service to a business outside the European Union is
 * supplied where that business sits, so its invoices show 0 % and NOT_TAXABLE_NOTE. Every
 * organisation on the marketplace is a business (only organisations buy and sell).
 */
export function isNotTaxableParty(party: { country: string }): boolean {
  return party.country !== '' && !EU_COUNTRY_CODES.includes(party.country);
}

export const ownOrganisationEndpoint = organisationsApi('GET /api/profile/organisation', {
  answer: ZOwnOrganisationResponse,
  summary: "The signed-in user's organisation and whether it is complete enough to buy and to sell",
  errors: [],
});
