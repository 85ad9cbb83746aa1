import { countrySpecs, electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { checkVAT, countries as vatCountries } from 'jsvat';
import { z } from 'zod';
import { endpointGroup } from './endpoint';
import { ZOwnOrganisationResponse } from './own-organisation';

const organisationsApi = endpointGroup('organisations');

/**
 * The organisation a user buys or sells for: the party named on invoices. A buyer needs its name,
 * postal address, country and contact e-mail; a supplier also its VAT ID and bank account (IBAN and
 * BIC), which every invoice it issues prints (§14 UStG). This module checks what a user saves; the
 * organisation as read, and its VAT rules, are in own-organisation.ts.
 */

/** ISO 3166-1 alpha-2 codes, from ibantools' maintained country list. */
export const COUNTRY_CODES: readonly string[] = Object.keys(countrySpecs).sort();

/**
 * The rules an organisation field can break, as the API words them. The web shows its own
 * translation of each, found by this text.
 */
export const ORGANISATION_RULES = {
  REQUIRED: 'is required',
  TOO_LONG: 'is too long',
  EMAIL: 'must be an e-mail address',
  COUNTRY: 'must be an ISO 3166 country code',
  VAT_ID: "is not a valid VAT ID of the organisation's country",
  IBAN: 'is not a valid IBAN',
  BIC: 'is not a valid BIC',
  BIC_WITHOUT_IBAN: 'needs an IBAN',
  IBAN_WITHOUT_BIC: 'needs a BIC',
  PHONE: 'must be a telephone number such as +49 211 123456',
} as const;
export type TOrganisationRule = (typeof ORGANISATION_RULES)[keyof typeof ORGANISATION_RULES];

/** Spaces and dots people type in VAT IDs and IBANs are not part of them. */
const compact = (value: string) => value.replace(/[\s.-]/g, '').toUpperCase();

/** The VAT ID prefix of a country: Greece writes EL, everyone else its ISO code. */
export const vatPrefixOf = (country: string): string => (country === 'GR' ? 'EL' : country);

/**
 * Whether `vatId` is a well-formed VAT ID of `country`: for the countries jsvat knows (the EU, the
 * United Kingdom, Switzerland, Norway and a few more) its format and check digits, else a country
 * prefix and 2 to 18 letters or digits.
 */
export function isValidVatId(vatId: string, country: string): boolean {
  const id = compact(vatId);
  if (!id.startsWith(vatPrefixOf(country)) && !(country === 'CH' && id.startsWith('CHE'))) return false;
  const isKnown = vatCountries.some((entry) => entry.codes[0] === country);
  if (!isKnown) return /^[A-Z]{2}[A-Z0-9]{2,18}$/.test(id);
  const result = checkVAT(id, vatCountries);
  return result.isValid && result.country?.isoCode.short === country;
}

const text = (max: number) =>
  z
    .string({ message: ORGANISATION_RULES.REQUIRED })
    .trim()
    .min(1, ORGANISATION_RULES.REQUIRED)
    .max(max, ORGANISATION_RULES.TOO_LONG);

/** An optional field: empty (or absent) means not given. */
const optionalText = (max: number) =>
  z.string().trim().max(max, ORGANISATION_RULES.TOO_LONG).optional().default('').transform(compact);

/**
 * A telephone number as people write it: digits with an optional leading +, spaces, dashes, dots,
 * slashes and brackets, 5 to 20 digits in all (E.164 allows 15; extensions make it longer).
 */
const PHONE_CHARACTERS = /^\+?[0-9 ()./-]+$/;
export function isPhoneNumber(value: string): boolean {
  const digits = value.replace(/\D/g, '').length;
  return PHONE_CHARACTERS.test(value) && digits >= 5 && digits <= 20;
}

/** Body of `PUT /api/profile/organisation`: the signed-in user's organisation as the profile form edits it. */
export const ZOrganisationInput = z
  .object({
    legalName: text(200),
    street: text(200),
    postalCode: text(20),
    city: text(100),
    country: z
      .string({ message: ORGANISATION_RULES.REQUIRED })
      .trim()
      .toUpperCase()
      .refine((code) => COUNTRY_CODES.includes(code), ORGANISATION_RULES.COUNTRY),
    /** Empty for a buyer without one; required to sell, and for reverse charge. */
    vatId: optionalText(20),
    /** Only suppliers need a bank account. */
    iban: optionalText(42),
    bic: optionalText(11),
    contactEmail: z.string({ message: ORGANISATION_RULES.REQUIRED }).trim().email(ORGANISATION_RULES.EMAIL).max(254),
    /** Optional; XRechnung names it as the seller's contact telephone (BR-DE-6). */
    contactPhone: z
      .string()
      .trim()
      .max(40, ORGANISATION_RULES.TOO_LONG)
      .optional()
      .default('')
      .refine((value) => value === '' || isPhoneNumber(value), ORGANISATION_RULES.PHONE),
  })
  .strict()
  .superRefine((input, context) => {
    if (input.vatId !== '' && !isValidVatId(input.vatId, input.country)) {
      context.addIssue({ code: 'custom', path: ['vatId'], message: ORGANISATION_RULES.VAT_ID });
    }
    if (input.iban !== '' && !isValidIBAN(electronicFormatIBAN(input.iban) ?? '')) {
      context.addIssue({ code: 'custom', path: ['iban'], message: ORGANISATION_RULES.IBAN });
    }
    if (input.bic !== '' && !isValidBIC(input.bic)) {
      context.addIssue({ code: 'custom', path: ['bic'], message: ORGANISATION_RULES.BIC });
    }
    if (input.bic !== '' && input.iban === '') {
      context.addIssue({ code: 'custom', path: ['iban'], message: ORGANISATION_RULES.BIC_WITHOUT_IBAN });
    }
    if (input.iban !== '' && input.bic === '') {
      context.addIssue({ code: 'custom', path: ['bic'], message: ORGANISATION_RULES.IBAN_WITHOUT_BIC });
    }
  });
export type TOrganisationInput = z.input<typeof ZOrganisationInput>;
export type TOrganisationValues = z.output<typeof ZOrganisationInput>;

export const saveOwnOrganisationEndpoint = organisationsApi('PUT /api/profile/organisation', {
  body: ZOrganisationInput,
  answer: ZOwnOrganisationResponse,
  summary: "Save the signed-in user's organisation",
  description:
    'Creates the organisation on the first save, with the user as its member, and updates it afterwards. The VAT ID is checked against the country (format and check digits), IBAN and BIC with ibantools; a bad value is 400 naming the field. Invoices already issued keep the data they were issued with.',
  errors: [400],
});
