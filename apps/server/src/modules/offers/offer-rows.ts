import {
  BYTES_PER_SIZE_UNIT,
  DEFAULT_CURRENCY,
  type TAssetInfo,
  type TOfferInput,
  type TSizeUnit,
  type TTimeUnit,
} from '@dsm/contracts';

/** The user a published offer belongs to, as the auth guard knows them. */
export type TSupplier = { id: string; email: string; name: string };

/** The catalogue rows one wizard input becomes: the offer, its one dataset and a distribution per endpoint. */
export type TOfferRows = {
  offer: {
    id: string;
    title: string;
    description: string;
    language: string;
    keywords: string[];
    categories: string[];
    payment_model: string;
    price: number;
    currency: string;
    is_sellable: boolean;
    author: string;
    author_email: string;
    maintainer: string;
    maintainer_email: string;
    provider: string;
    access_type: string;
    content_type: string;
    pricing_option: 'PAID' | 'FREE';
    geo_restriction: string | null;
    time_restriction: number | null;
    time_unit: string | null;
    connector_id: string | null;
    publisher_id: string;
    owner_id: string;
    modified: Date;
    total_bytes: number | null;
  };
  dataset: {
    id: string;
    offer_id: string;
    position: number;
    issued: Date;
    modified: Date;
    publisher_id: string;
    themes: string[];
  };
  distributions: {
    id: string;
    dataset_id: string;
    position: number;
    title: string;
    description: string;
    media_type: string;
    format: string;
    licence: string;
    access_url: string;
    byte_size: number | null;
    size_unit: string;
    is_public_sample: boolean;
  }[];
};

/** How the ids of the agents that stand for marketplace users begin. */
export const SUPPLIER_AGENT_PREFIX = 'urn:dsm:supplier:';

/** The agent id standing for a supplier as publisher: one per user, stable across their offers. */
export function supplierAgentId(userId: string): string {
  return `${SUPPLIER_AGENT_PREFIX}${encodeURIComponent(userId)}`;
}

/** The dataset id of a wizard offer: one dataset per offer. */
export const datasetIdOf = (offerId: string): string => `${offerId}/dataset/0`;

/** The distribution id of an offer's endpoint at a position of the endpoints table. */
export const distributionIdOf = (offerId: string, position: number): string => `${offerId}/distribution/${position}`;

/**
 * The keywords box as a list: split at commas, semicolons and line breaks, trimmed, repeats (in any
 * case) kept once, in the order typed.
 */
export function splitKeywords(text: string): string[] {
  const seen = new Set<string>();
  const keywords: string[] = [];
  for (const part of text.split(/[,;\n\r]+/)) {
    const keyword = part.trim().replace(/\s+/g, ' ');
    if (!keyword || seen.has(keyword.toLowerCase())) continue;
    seen.add(keyword.toLowerCase());
    keywords.push(keyword);
  }
  return keywords;
}

/** Bytes of an endpoint's stated size; null when it states none (0). */
export function byteSizeOf(endpoint: Pick<TAssetInfo, 'filesize' | 'sizeUnit'>): number | null {
  if (!(endpoint.filesize > 0)) return null;
  return Math.round(endpoint.filesize * BYTES_PER_SIZE_UNIT[endpoint.sizeUnit]);
}

export type TToOfferRowsOptions = {
  offerId: string;
  input: TOfferInput;
  supplier: TSupplier;
  /** The licence title the licence field resolved to in the catalogue. */
  licenceTitle: string;
  now: Date;
  /** When the offer was first created; `now` for a new one. */
  issued?: Date;
};

/** Turns a validated wizard input into the catalogue's rows. */
export function toOfferRows({ offerId, input, supplier, licenceTitle, now, issued }: TToOfferRowsOptions): TOfferRows {
  const { generalInfo, licensingInfo } = input;
  const publisherId = supplierAgentId(supplier.id);
  const datasetId = datasetIdOf(offerId);
  const distributions = input.endpoints.map((endpoint, position) => ({
    id: distributionIdOf(offerId, position),
    dataset_id: datasetId,
    position,
    title: endpoint.endpointTitle,
    description: endpoint.endpointDescription,
    media_type: endpoint.mimeType,
    format: endpoint.format,
    licence: licenceTitle,
    access_url: endpoint.accessUrl,
    byte_size: byteSizeOf(endpoint),
    size_unit: endpoint.sizeUnit,
    is_public_sample: endpoint.isPublicSample,
  }));
  const sizes = distributions.map((distribution) => distribution.byte_size).filter((size) => size !== null);
  const timeRestriction = licensingInfo.timeRestriction === '' ? null : Number(licensingInfo.timeRestriction);
  return {
    offer: {
      id: offerId,
      title: generalInfo.title,
      description: generalInfo.description,
      language: input.language,
      keywords: splitKeywords(generalInfo.keywords),
      categories: [...new Set(generalInfo.categories)],
      payment_model: licensingInfo.paymentType,
      price: licensingInfo.price,
      currency: licensingInfo.priceUnit || DEFAULT_CURRENCY,
      // Published on the marketplace, a free offer is acquired through checkout too (at 0 €, no invoice).
      is_sellable: true,
      author: generalInfo.authorName,
      author_email: generalInfo.authorEmail,
      maintainer: generalInfo.maintainerName,
      maintainer_email: generalInfo.maintainerEmail,
      provider: supplier.name || supplier.email,
      access_type: input.accessType,
      content_type: input.contentType,
      pricing_option: input.pricingOption,
      geo_restriction: licensingInfo.geoRestriction || null,
      time_restriction: timeRestriction,
      time_unit: timeRestriction === null ? null : licensingInfo.timeUnit || null,
      connector_id: input.accessType === 'CONNECTOR' ? input.connectorId : null,
      publisher_id: publisherId,
      owner_id: supplier.id,
      modified: now,
      total_bytes: sizes.length > 0 ? sizes.reduce((sum, size) => sum + size, 0) : null,
    },
    dataset: {
      id: datasetId,
      offer_id: offerId,
      position: 0,
      issued: issued ?? now,
      modified: now,
      publisher_id: publisherId,
      themes: [...new Set(generalInfo.categories)],
    },
    distributions,
  };
}

/** A stored offer as read back for its owner. */
export type TStoredOffer = {
  title: string;
  description: string;
  language: string;
  keywords: string[];
  categories: string[];
  payment_model: string;
  price: string | number;
  currency: string | null;
  author: string | null;
  author_email: string | null;
  maintainer: string | null;
  maintainer_email: string | null;
  access_type: string | null;
  content_type: string | null;
  pricing_option: string | null;
  geo_restriction: string | null;
  time_restriction: number | null;
  time_unit: string | null;
  connector_id: string | null;
};

export type TStoredDistribution = {
  title: string;
  description: string | null;
  media_type: string | null;
  format: string | null;
  licence: string | null;
  access_url: string | null;
  byte_size: string | number | null;
  size_unit: string | null;
  is_public_sample: boolean;
};

/** Size in a unit, rounded to what a person types (up to 3 decimals). */
function sizeIn(bytes: number, unit: TSizeUnit): number {
  return Math.round((bytes / BYTES_PER_SIZE_UNIT[unit]) * 1000) / 1000;
}

/**
 * The wizard input a stored offer was published from, so its owner's edit opens the wizard filled in.
 * Values the wizard cannot hold (an imported offer's) come back as they are and fail validation on save,
 * naming the field, rather than being silently changed.
 */
export function toOfferInput(offer: TStoredOffer, distributions: readonly TStoredDistribution[]): TOfferInput {
  const price = Number(offer.price);
  return {
    pricingOption: (offer.pricing_option ?? (price > 0 ? 'PAID' : 'FREE')) as TOfferInput['pricingOption'],
    contentType: (offer.content_type ?? 'DATA') as TOfferInput['contentType'],
    accessType: (offer.access_type ?? 'DIRECT') as TOfferInput['accessType'],
    language: offer.language === 'en' ? 'en' : 'de',
    generalInfo: {
      title: offer.title,
      description: offer.description,
      keywords: offer.keywords.join(', '),
      categories: offer.categories as TOfferInput['generalInfo']['categories'],
      authorName: offer.author ?? '',
      authorEmail: offer.author_email ?? '',
      maintainerName: offer.maintainer ?? '',
      maintainerEmail: offer.maintainer_email ?? '',
    },
    endpoints: distributions.map((distribution) => {
      const sizeUnit = (distribution.size_unit ?? 'MB') as TSizeUnit;
      const bytes = distribution.byte_size === null ? 0 : Number(distribution.byte_size);
      return {
        mimeType: (distribution.media_type ?? '') as TAssetInfo['mimeType'],
        format: (distribution.format ?? '') as TAssetInfo['format'],
        endpointTitle: distribution.title,
        endpointDescription: distribution.description ?? '',
        accessUrl: distribution.access_url ?? '',
        filesize: bytes > 0 ? sizeIn(bytes, sizeUnit) : 0,
        sizeUnit,
        isPublicSample: distribution.is_public_sample,
      };
    }),
    licensingInfo: {
      licenceType: distributions[0]?.licence ?? '',
      geoRestriction: offer.geo_restriction ?? '',
      timeRestriction: offer.time_restriction === null ? '' : String(offer.time_restriction),
      timeUnit: (offer.time_unit ?? '') as TTimeUnit | '',
      paymentType: offer.payment_model as TOfferInput['licensingInfo']['paymentType'],
      price,
      priceUnit: offer.currency ?? '',
    },
    connectorId: offer.connector_id,
  };
}
