import {
  BYTES_PER_SIZE_UNIT,
  DEFAULT_CURRENCY,
  type TAssetInfo,
  type TOfferInput,
  type TSizeUnit,
  type TTimeUnit,
} from '@dsm/contracts';
import {
  datasetIdOf,
  distributionIdOf,
  type TOfferRows,
  type TStoredDistribution,
  type TStoredOffer,
} from '../catalogue/catalogue-rows';
import { supplierAgentId, type TSupplier } from '../catalogue/supplier-agent';

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
