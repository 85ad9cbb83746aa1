import currencyCodes from 'currency-codes';
import { z } from 'zod';
import { CATEGORIES, NO_CONTROL_CHARACTERS, PAYMENT_MODELS } from './catalogue';
import { endpointGroup } from './endpoint';
import { EU_FILE_TYPES, type TEuFileTypeName } from './file-types';
import { formatLabel, SPEC_FORMATS } from './format-names';
import { GATEWAY_CREDENTIAL_RULES, ZGatewayCredentialInput } from './gateway';
import { ZOfferId } from './metadata';
import { TIME_UNITS, ZOwnOfferParams } from './offer-terms';

const offersApi = endpointGroup('offers');

export { formatLabel, formatName, SPEC_FORMATS } from './format-names';

/**
 * Offer creation: the wizard's vocabulary (the specification's enumerations, spelled as it spells
 * them), the body that publishes an offer, and the supplier's own offers ('My offerings').
 */

/** The pre-requisites' pricing options: 'Paid Offering' and 'Open/Free Offering'. */
export const PRICING_OPTIONS = ['PAID', 'FREE'] as const;
export type TPricingOption = (typeof PRICING_OPTIONS)[number];

/** The pre-requisites' content types: Data and Service. */
export const CONTENT_TYPES = ['DATA', 'SERVICE'] as const;
export type TContentType = (typeof CONTENT_TYPES)[number];

/** The pre-requisites' access types: Direct, Api and Connector. */
export const ACCESS_TYPES = ['DIRECT', 'API', 'CONNECTOR'] as const;
export type TAccessType = (typeof ACCESS_TYPES)[number];

/** File size units, 1024-based like the result cards. */
export const SIZE_UNITS = ['KB', 'MB', 'GB'] as const;
export type TSizeUnit = (typeof SIZE_UNITS)[number];

/** Bytes in one of each size unit. */
export const BYTES_PER_SIZE_UNIT: Record<TSizeUnit, number> = { KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 };

/**
 * The 27 media types of the wizard. The specification abbreviates the office types (ms-excel,
 * xlsx, ...); these are their registered names.
 */
export const MIME_TYPES = [
  'text/html',
  'text/css',
  'text/plain',
  'text/javascript',
  'text/csv',
  'text/xml',
  'text/markdown',
  'text/calendar',
  'application/json',
  'application/xml',
  'application/javascript',
  'application/octet-stream',
  'application/pdf',
  'application/zip',
  'application/x-www-form-urlencoded',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/rtf',
  'application/xhtml+xml',
  'application/ld+json',
  'application/graphql',
  'application/atom+xml',
  'application/rss+xml',
] as const;
export type TMimeType = (typeof MIME_TYPES)[number];

/**
 * The wizard's formats: the specification's 20, then the EU file-type vocabulary's data formats
 * (GeoJSON, XLSX, Parquet, SHP, WMS, WFS, ...), which the catalogue itself uses and 20 fixed names
 * could not offer.
 */
export const FORMATS = [...SPEC_FORMATS, ...EU_FILE_TYPES.map((type) => type.name)] as [
  (typeof SPEC_FORMATS)[number],
  ...((typeof SPEC_FORMATS)[number] | TEuFileTypeName)[],
];
export type TFormat = (typeof SPEC_FORMATS)[number] | TEuFileTypeName;

/**
 * The specification's names that are no formats of data, and one it shares with the EU vocabulary:
 * a style sheet, a script and a form encoding, and 'plain', which the vocabulary's TXT names. Offers
 * that state one keep it (FORMATS still accepts them); the wizard no longer offers them.
 */
const NOT_OFFERED_FORMATS: ReadonlySet<string> = new Set(['css', 'javascript', 'x-www-form-urlencoded', 'plain']);

/** The data formats the wizard offers, one entry per format, by label from A to Z. */
export const WIZARD_FORMATS: readonly TFormat[] = FORMATS.filter((format) => !NOT_OFFERED_FORMATS.has(format)).sort(
  (a, b) => formatLabel(a).localeCompare(formatLabel(b), 'en', { sensitivity: 'base' }),
);

/**
 * ISO 4217 entries that are no money one prices an offer in: precious metals, bond-market and
 * drawing-right units, fund codes and the testing and 'no currency' codes.
 */
const NOT_A_PRICE_CURRENCY = new Set([
  'XAU',
  'XAG',
  'XPT',
  'XPD',
  'XBA',
  'XBB',
  'XBC',
  'XBD',
  'XDR',
  'XSU',
  'XUA',
  'XTS',
  'XXX',
  'BOV',
  'CHE',
  'CHW',
  'CLF',
  'COU',
  'MXV',
  'USN',
  'UYI',
  'UYW',
]);

/** The currencies a price may be stated in: the ISO 4217 list of the `currency-codes` package, alphabetical. */
export const CURRENCIES: readonly string[] = currencyCodes
  .codes()
  .filter((code) => !NOT_A_PRICE_CURRENCY.has(code))
  .sort();

/** The currency of prices when the supplier names none: the catalogue's prices are in euros. */
export const DEFAULT_CURRENCY = 'EUR';

/**
 * The rules a field can break, as the API words them. The web shows its own translation of each,
 * found by this text, so the two never disagree about what is wrong.
 */
export const OFFER_RULES = {
  REQUIRED: 'is required',
  EMAIL: 'must be an e-mail address',
  URL: 'must be an http(s) URL',
  MIN_ZERO: 'must be at least 0',
  POSITIVE_WHOLE: 'must be a whole number of at least 1',
  CHOICE: 'must be one of the listed values',
  TOO_LONG: 'is too long',
  COUNTRY: 'must be an ISO 3166 country code',
  PRICE_FOR_PAID: 'must be above 0 for a paid offering',
  PAID_MODEL: 'must not be FREE_OF_CHARGE for a paid offering',
  FREE_MODEL: 'must be FREE_OF_CHARGE for an open/free offering',
  FREE_PRICE: 'must be 0 for an open/free offering',
  CONNECTOR: 'is required for the Connector access type',
  ENDPOINTS: 'must list at least one endpoint',
  DUPLICATE: 'exists already',
} as const;
export type TOfferRule = (typeof OFFER_RULES)[keyof typeof OFFER_RULES];

const requiredText = (max: number) =>
  z
    .string({ message: OFFER_RULES.REQUIRED })
    .trim()
    .min(1, OFFER_RULES.REQUIRED)
    .max(max, OFFER_RULES.TOO_LONG)
    .regex(NO_CONTROL_CHARACTERS, 'must not contain control characters');

const email = z
  .string({ message: OFFER_RULES.REQUIRED })
  .trim()
  .min(1, OFFER_RULES.REQUIRED)
  .max(254, OFFER_RULES.TOO_LONG)
  .pipe(z.email({ message: OFFER_RULES.EMAIL }));

/** An absolute http or https URL. */
export const ZHttpUrl = z
  .string({ message: OFFER_RULES.REQUIRED })
  .trim()
  .min(1, OFFER_RULES.REQUIRED)
  .max(2000, OFFER_RULES.TOO_LONG)
  .pipe(z.url({ protocol: /^https?$/, message: OFFER_RULES.URL }));

const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, {
    error: (issue) => (issue.input === '' || issue.input === undefined ? OFFER_RULES.REQUIRED : OFFER_RULES.CHOICE),
  });

/** The largest price the catalogue stores (numeric(14, 2)). */
export const MAX_PRICE = 999_999_999_999;

/**
 * The largest file size in any unit: 10^8 GB per endpoint keeps the offer's total of up to 50
 * endpoints inside PostgreSQL's bigint byte count.
 */
export const MAX_FILESIZE = 100_000_000;

const amount = (max: number) =>
  z
    .number({ message: OFFER_RULES.REQUIRED })
    .finite({ message: OFFER_RULES.REQUIRED })
    .min(0, OFFER_RULES.MIN_ZERO)
    .max(max, OFFER_RULES.TOO_LONG);

/** Step 1 'Asset Information': the general info group of the form cache. */
export const ZGeneralInfo = z
  .object({
    title: requiredText(200),
    description: requiredText(10_000),
    /** Optional; comma- or line-separated, as typed into the keywords box. */
    keywords: z.string({ message: OFFER_RULES.REQUIRED }).max(2000, OFFER_RULES.TOO_LONG).regex(NO_CONTROL_CHARACTERS),
    categories: z
      .array(choice(CATEGORIES), { message: OFFER_RULES.REQUIRED })
      .min(1, OFFER_RULES.REQUIRED)
      .max(CATEGORIES.length, OFFER_RULES.TOO_LONG),
    authorName: requiredText(200),
    authorEmail: email,
    maintainerName: requiredText(200),
    maintainerEmail: email,
  })
  .strict();
export type TGeneralInfo = z.infer<typeof ZGeneralInfo>;

/** Step 2 'Add endpoints': one endpoint, the asset info group of the form cache. */
export const ZAssetInfo = z
  .object({
    mimeType: choice(MIME_TYPES),
    format: choice(FORMATS),
    endpointTitle: requiredText(200),
    endpointDescription: requiredText(5000),
    accessUrl: ZHttpUrl,
    /** In `sizeUnit`s; 0 when the size is not known. */
    filesize: amount(MAX_FILESIZE),
    sizeUnit: choice(SIZE_UNITS),
    /**
     * A public sample: everyone may preview this endpoint's data on the details page, also when the offer is paid
     * (where the other endpoints are previewed only for buyers). Absent: not a sample.
     */
    isPublicSample: z.boolean().default(false),
    /** Api access type only: the supplier's credential the API gateway sends upstream; null or absent: none. */
    gatewayCredential: ZGatewayCredentialInput.nullable().optional(),
  })
  .strict();
export type TAssetInfo = z.infer<typeof ZAssetInfo>;

/**
 * Region codes the runtime's locale data names that are no ISO 3166-1 country: groupings (EU,
 * eurozone, UN, Outlying Oceania), 'unknown', pseudo-locales and the exceptionally reserved codes.
 */
const NOT_A_COUNTRY = new Set(['EU', 'EZ', 'UN', 'ZZ', 'QO', 'XA', 'XB', 'AC', 'CP', 'DG', 'EA', 'IC', 'TA']);

/**
 * True for an upper-case ISO 3166-1 alpha-2 code of a country or territory, as the runtime's own
 * locale data (Intl) knows them. Withdrawn codes (DD, SU, YU, ...) are refused: the locale data maps
 * them onto today's country, which would otherwise appear twice.
 */
export function isCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code) || NOT_A_COUNTRY.has(code)) return false;
  try {
    if (Intl.getCanonicalLocales(`und-${code}`)[0] !== `und-${code}`) return false;
    return new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' }).of(code) !== undefined;
  } catch {
    return false;
  }
}

/**
 * Step 3 'Add usage, license and pricing': the licensing info group of the form cache. Empty
 * `geoRestriction` and `timeRestriction` mean no restriction; `priceUnit` may stay empty for a free
 * price (euros are assumed).
 */
export const ZLicensingInfo = z
  .object({
    /** The licence's title, as the licence selector shows it. */
    licenceType: requiredText(300),
    /** An ISO 3166-1 alpha-2 country the data may be used in, or ''. */
    geoRestriction: z
      .string({ message: OFFER_RULES.REQUIRED })
      .trim()
      .refine((value) => value === '' || isCountryCode(value), OFFER_RULES.COUNTRY),
    /** How long the data may be used, in `timeUnit`s, as typed; or ''. */
    timeRestriction: z
      .string({ message: OFFER_RULES.REQUIRED })
      .trim()
      .refine((value) => value === '' || (/^\d{1,6}$/.test(value) && Number(value) >= 1), OFFER_RULES.POSITIVE_WHOLE),
    timeUnit: z.union([z.literal(''), choice(TIME_UNITS)], { message: OFFER_RULES.CHOICE }),
    paymentType: choice(PAYMENT_MODELS),
    price: amount(MAX_PRICE),
    priceUnit: z.union([z.literal(''), z.string().refine((code) => CURRENCIES.includes(code))], {
      message: OFFER_RULES.CHOICE,
    }),
  })
  .strict()
  .superRefine((info, context) => {
    if (info.timeRestriction !== '' && info.timeUnit === '') {
      context.addIssue({ code: 'custom', path: ['timeUnit'], message: OFFER_RULES.REQUIRED });
    }
    if (info.price > 0 && info.priceUnit === '') {
      context.addIssue({ code: 'custom', path: ['priceUnit'], message: OFFER_RULES.REQUIRED });
    }
  });
export type TLicensingInfo = z.infer<typeof ZLicensingInfo>;

/** At most this many endpoints in one offer. */
export const MAX_ENDPOINTS = 50;

/** The languages an offer's texts can be searched in with stemming. */
export const OFFER_LANGUAGES = ['de', 'en'] as const;

/**
 * How the payment fields must fit the pricing option: a paid offering has a payment model other
 * than FREE_OF_CHARGE and a price above 0; an open/free offering is FREE_OF_CHARGE at 0.
 */
export function pricingIssues(
  pricingOption: string,
  licensing: { paymentType: string; price: number },
): { field: 'paymentType' | 'price'; message: TOfferRule }[] {
  const issues: { field: 'paymentType' | 'price'; message: TOfferRule }[] = [];
  if (pricingOption === 'PAID') {
    if (licensing.paymentType === 'FREE_OF_CHARGE')
      issues.push({ field: 'paymentType', message: OFFER_RULES.PAID_MODEL });
    if (!(licensing.price > 0)) issues.push({ field: 'price', message: OFFER_RULES.PRICE_FOR_PAID });
  } else if (pricingOption === 'FREE') {
    if (licensing.paymentType !== 'FREE_OF_CHARGE')
      issues.push({ field: 'paymentType', message: OFFER_RULES.FREE_MODEL });
    if (licensing.price !== 0) issues.push({ field: 'price', message: OFFER_RULES.FREE_PRICE });
  }
  return issues;
}

/**
 * The body of `POST /api/offers` and `PUT /api/offers/:id`: the pre-requisites' choices, the three
 * groups of the wizard with every endpoint of the endpoints table, and for the Connector access type
 * the connector to publish on.
 */
export const ZOfferInput = z
  .object({
    pricingOption: choice(PRICING_OPTIONS),
    contentType: choice(CONTENT_TYPES),
    accessType: choice(ACCESS_TYPES),
    /** The language the texts are written in; decides how search stems them. */
    language: z.enum(OFFER_LANGUAGES).default('de'),
    generalInfo: ZGeneralInfo,
    endpoints: z
      .array(ZAssetInfo, { message: OFFER_RULES.ENDPOINTS })
      .min(1, OFFER_RULES.ENDPOINTS)
      .max(MAX_ENDPOINTS, OFFER_RULES.TOO_LONG),
    licensingInfo: ZLicensingInfo,
    /** The supplier's connector (its id, the last path segment of its URL); only for the Connector access type. */
    connectorId: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._~-]{0,99}$/, OFFER_RULES.CHOICE)
      .nullable()
      .default(null),
  })
  .strict()
  .superRefine((input, context) => {
    for (const issue of pricingIssues(input.pricingOption, input.licensingInfo)) {
      context.addIssue({ code: 'custom', path: ['licensingInfo', issue.field], message: issue.message });
    }
    if (input.accessType === 'CONNECTOR' && !input.connectorId) {
      context.addIssue({ code: 'custom', path: ['connectorId'], message: OFFER_RULES.CONNECTOR });
    }
    if (input.accessType !== 'API') {
      input.endpoints.forEach((endpoint, index) => {
        if (endpoint.gatewayCredential) {
          context.addIssue({
            code: 'custom',
            path: ['endpoints', index, 'gatewayCredential'],
            message: GATEWAY_CREDENTIAL_RULES.API_ONLY,
          });
        }
      });
    }
  });
export type TOfferInput = z.infer<typeof ZOfferInput>;
export type TOfferInputBody = z.input<typeof ZOfferInput>;

/**
 * Where one of the supplier's offers stands. `PUBLISHED`: searchable. `UNPUBLISHED`: taken out of
 * search by its owner, or publishing on the connector failed (`publishFailure` says where).
 */
export const OWN_OFFER_STATES = ['PUBLISHED', 'UNPUBLISHED'] as const;
export type TOwnOfferState = (typeof OWN_OFFER_STATES)[number];

/** The connector steps of publishing, in order. */
export const CONNECTOR_PUBLISH_STEPS = ['connector', 'asset', 'policyDefinition', 'contractDefinition'] as const;
export type TConnectorPublishStep = (typeof CONNECTOR_PUBLISH_STEPS)[number];

/** Why publishing on the connector failed: the step and the connector's own words. */
export const ZPublishFailure = z.object({
  step: z.enum(CONNECTOR_PUBLISH_STEPS),
  message: z.string(),
});
export type TPublishFailure = z.infer<typeof ZPublishFailure>;

/** One of the signed-in supplier's offers, as 'My offerings' lists it. */
export const ZOwnOffer = z.object({
  '@id': ZOfferId,
  title: z.string(),
  state: z.enum(OWN_OFFER_STATES),
  pricingOption: z.enum(PRICING_OPTIONS),
  contentType: z.enum(CONTENT_TYPES),
  accessType: z.enum(ACCESS_TYPES),
  paymentModel: z.enum(PAYMENT_MODELS),
  price: z.number(),
  /** ISO 4217 code of the price. */
  currency: z.string(),
  categories: z.array(z.string()),
  endpointCount: z.number().int(),
  /** ISO 8601 times. */
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Set while the last publishing on the connector failed. */
  publishFailure: ZPublishFailure.nullable(),
});
export type TOwnOffer = z.infer<typeof ZOwnOffer>;

/** `GET /api/offers/mine`: the signed-in supplier's offers, latest change first. */
export const ZOwnOfferListResponse = z.array(ZOwnOffer);
export type TOwnOfferListResponse = z.infer<typeof ZOwnOfferListResponse>;

/** `GET /api/offers/:id`: one own offer with the wizard input it was published from, to edit it. */
export const ZOwnOfferDetails = ZOwnOffer.extend({ input: ZOfferInput });
export type TOwnOfferDetails = z.infer<typeof ZOwnOfferDetails>;

/** The path of one own offer, for clients. */
export const ownOfferPath = (id: string): string => `/api/offers/${encodeURIComponent(id)}`;

export const offerCreateEndpoint = offersApi('POST /api/offers', {
  body: ZOfferInput,
  answer: ZOwnOfferDetails,
  status: 201,
  summary: 'Publish an offer from the wizard',
  description:
    'Creates the offer in the catalogue, owned by the signed-in supplier and searchable at once. For the Connector access type it is first published on the chosen connector (asset, policy definition, contract definition); if a step fails the offer is kept unpublished and `publishFailure` names the step. A paid offer needs the VAT ID, IBAN and BIC in the organisation profile of the supplier, else 409 ORGANISATION_INCOMPLETE naming the missing fields.',
  errors: [400, 409],
});

export const ownOfferListEndpoint = offersApi('GET /api/offers/mine', {
  answer: ZOwnOfferListResponse,
  summary: "My offerings: the signed-in supplier's offers, published or not",
  errors: [],
});

export const ownOfferEndpoint = offersApi('GET /api/offers/:id', {
  params: ZOwnOfferParams,
  answer: ZOwnOfferDetails,
  summary: 'One own offer with the wizard input it was published from (owner only)',
  errors: [400, 403, 404],
});

export const offerUpdateEndpoint = offersApi('PUT /api/offers/:id', {
  params: ZOwnOfferParams,
  body: ZOfferInput,
  answer: ZOwnOfferDetails,
  summary: 'Replace an own offer with edited wizard input and publish it again (owner only)',
  errors: [400, 403, 404, 409],
});

export const offerUnpublishEndpoint = offersApi('DELETE /api/offers/:id', {
  params: ZOwnOfferParams,
  answer: ZOwnOffer,
  summary: 'Unpublish an own offer: it leaves search at once but stays stored (owner only)',
  errors: [400, 403, 404],
});
