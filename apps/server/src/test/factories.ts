import { randomUUID } from 'node:crypto';
import type { TOfferInputBody } from '@dsm/contracts';
import type { TOfferRecord } from '../modules/catalogue/offer-record';
import { NO_INDEX_FILTER, type TIndexSearch } from '../modules/search/index/search-index';

const ORGANISATION = {
  id: 'https://dsm.example/agents/test-publisher',
  type: 'foaf:Organization' as const,
  name: 'Test Publisher GmbH',
};

export type TOfferOverrides = Partial<Omit<TOfferRecord, 'datasets'>> & {
  modified?: Date;
  licence?: string;
  byteSizes?: (number | null)[];
};

/** A complete offer record with sensible defaults; each call makes new ids. */
export function makeOffer(overrides: TOfferOverrides = {}): TOfferRecord {
  const id = overrides.id ?? randomUUID();
  const { modified, licence, byteSizes, ...fields } = overrides;
  const sizes = byteSizes ?? [1024];
  return {
    id,
    title: 'Untitled test offer',
    description: 'A test offer.',
    language: 'en',
    keywords: [],
    categories: ['OTHERS'],
    paymentModel: 'FREE_OF_CHARGE',
    price: 0,
    isSellable: false,
    author: 'Ada Author',
    authorEmail: 'ada@example.org',
    maintainer: 'Max Maintainer',
    maintainerEmail: 'max@example.org',
    providerUrl: 'https://provider.example.org',
    provider: 'Test Publisher GmbH',
    country: 'DE',
    termsOfUse: null,
    period: null,
    accessType: 'DIRECT',
    contentType: 'DATA',
    ...fields,
    datasets: [
      {
        id: `${id}/dataset/0`,
        issued: new Date('2020-01-01T00:00:00Z'),
        modified: modified ?? new Date('2024-01-01T00:00:00Z'),
        publisher: ORGANISATION,
        creator: {
          id: 'https://dsm.example/agents/test-person',
          type: 'foaf:Person',
          firstName: 'Erika',
          lastName: 'Muster',
        },
        custodian: null,
        themes: fields.categories ?? ['OTHERS'],
        distributions: sizes.map((byteSize, position) => ({
          id: `${id}/distribution/${position}`,
          title: `File ${position + 1}`,
          mediaType: 'text/csv',
          format: 'csv',
          licence: licence ?? 'CC-BY-4.0',
          accessUrl: `https://data.example.org/${id}/${position}.csv`,
          byteSize,
        })),
      },
    ],
  };
}

type TEndpointInput = TOfferInputBody['endpoints'][number];

export type TOfferInputOverrides = Partial<Omit<TOfferInputBody, 'generalInfo' | 'endpoints' | 'licensingInfo'>> & {
  generalInfo?: Partial<TOfferInputBody['generalInfo']>;
  /** Each endpoint's fields over those of a 1 MB CSV download. */
  endpoints?: Partial<TEndpointInput>[];
  licensingInfo?: Partial<TOfferInputBody['licensingInfo']>;
};

/**
 * An offer as the wizard sends it: by default a paid data download (one CSV endpoint, 25 EUR per download,
 * CC BY 4.0); the overrides replace fields of each part.
 */
export function makeOfferInput(title: string, overrides: TOfferInputOverrides = {}): TOfferInputBody {
  const { generalInfo, endpoints, licensingInfo, ...rest } = overrides;
  return {
    pricingOption: 'PAID',
    contentType: 'DATA',
    accessType: 'DIRECT',
    language: 'en',
    generalInfo: {
      title,
      description: `${title}: readings every ten minutes.`,
      keywords: 'readings',
      categories: ['ENVIRONMENT'],
      authorName: 'Ada Author',
      authorEmail: 'ada@example.org',
      maintainerName: 'Max Maintainer',
      maintainerEmail: 'max@example.org',
      ...generalInfo,
    },
    endpoints: (endpoints ?? [{}]).map((endpoint, index) => ({
      mimeType: 'text/csv',
      format: 'csv',
      endpointTitle: `Endpoint ${index}`,
      endpointDescription: 'Readings.',
      accessUrl: `https://data.example.org/${randomUUID()}/${index}.csv`,
      filesize: 1,
      sizeUnit: 'MB',
      ...endpoint,
    })),
    licensingInfo: {
      licenceType: 'Creative Commons Namensnennung 4.0 International',
      geoRestriction: '',
      timeRestriction: '',
      timeUnit: '',
      paymentType: 'PAY_PER_USE_DOWNLOAD',
      price: 25,
      priceUnit: 'EUR',
      ...licensingInfo,
    },
    connectorId: null,
    ...rest,
  };
}

/** A CKAN package as a portal answers it, with one CSV resource; the overrides replace its fields. */
export function makeCkanPackage(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    name: id,
    title: `Package ${id}`,
    notes: `About ${id}`,
    organization: { id: 'org-test', title: 'Test Org' },
    resources: [{ name: 'CSV', format: 'CSV', url: `https://data.example.org/${id}.csv` }],
    ...overrides,
  };
}

/** A search of the index for `terms`: relevance order, no filter, typo correction on, the first `limit` results. */
export function makeIndexSearch(terms: string[], limit = 10): TIndexSearch {
  return { terms, exact: false, sort: 'relevance', filter: NO_INDEX_FILTER, offset: 0, limit };
}
