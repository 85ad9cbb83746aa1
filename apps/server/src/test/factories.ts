import { randomUUID } from 'node:crypto';
import type { TOfferRecord } from '../modules/catalogue/offer-record';

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
