import type { TCategory, TPaymentModel } from '@dsm/contracts';
import type { TAgentRecord, TOfferRecord } from '../../catalogue/offer-record';
import corpus from './judged-corpus.json' with { type: 'json' };

/**
 * A hand-written relevance corpus (its offers and queries are data: `judged-corpus.json`): distinctive offers whose titles, keywords and descriptions use the
 * same everyday vocabulary as the generated catalogue, and queries that must find a specific one of them
 * in the top 3 while competing with thousands of generated offers. It checks stemming (German and
 * English), accent folding, phrases, keyword matches and that a title match outranks description
 * matches. The demo seed loads these offers too, so the queries work in the product.
 */

type TJudgedInput = {
  n: number;
  language: 'de' | 'en';
  title: string;
  description: string;
  keywords: string[];
  categories: TCategory[];
  publisher: TAgentRecord;
  modified: string;
  paymentModel?: TPaymentModel;
  price?: number;
  format?: 'CSV' | 'JSON' | 'GeoJSON' | 'XLSX' | 'PDF' | 'ZIP';
  licence?: string;
  byteSize?: number | null;
};

const MEDIA_TYPES: Record<NonNullable<TJudgedInput['format']>, string> = {
  CSV: 'text/csv',
  JSON: 'application/json',
  GeoJSON: 'application/geo+json',
  XLSX: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  PDF: 'application/pdf',
  ZIP: 'application/zip',
};

const org = (slug: string, name: string): TAgentRecord => ({
  id: `https://dsm.example/agents/org/${slug}`,
  type: 'foaf:Organization',
  name,
  email: `opendata@${slug}.example.org`,
});

const PUBLISHERS: Record<string, TAgentRecord> = Object.fromEntries(
  Object.entries(corpus.publishers).map(([key, { slug, name }]) => [key, org(slug, name)]),
);

const CURATOR: TAgentRecord = {
  id: 'https://dsm.example/agents/person/judith-kuratorin',
  type: 'foaf:Person',
  firstName: 'Judith',
  lastName: 'Kuratorin',
  email: 'judith.kuratorin@example.org',
};

const judgedId = (n: number): string => `d5a0c0de-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

function judged(input: TJudgedInput): TOfferRecord {
  const id = judgedId(input.n);
  const format = input.format ?? 'CSV';
  const paymentModel = input.paymentModel ?? 'FREE_OF_CHARGE';
  const modified = new Date(input.modified);
  return {
    id,
    title: input.title,
    description: input.description,
    language: input.language,
    keywords: input.keywords,
    categories: input.categories,
    paymentModel,
    price: input.price ?? 0,
    isSellable: paymentModel !== 'FREE_OF_CHARGE',
    author: 'Judith Kuratorin',
    authorEmail: CURATOR.email ?? null,
    maintainer: input.publisher.name ?? null,
    maintainerEmail: input.publisher.email ?? null,
    providerUrl: `https://${input.publisher.id.split('/').pop()}.example.org`,
    provider: input.publisher.name ?? null,
    country: 'DE',
    termsOfUse: null,
    period: null,
    accessType: 'DIRECT',
    contentType: 'DATA',
    datasets: [
      {
        id: `https://dsm.example/datasets/${id}-0`,
        issued: new Date(modified.getTime() - 400 * 86_400_000),
        modified,
        publisher: input.publisher,
        creator: CURATOR,
        custodian: null,
        themes: input.categories,
        distributions: [
          {
            id: `https://dsm.example/distributions/${id}-0-0`,
            title: input.language === 'de' ? `Gesamtdatensatz (${format})` : `Full dataset (${format})`,
            mediaType: MEDIA_TYPES[format],
            format,
            licence: input.licence ?? (paymentModel === 'FREE_OF_CHARGE' ? 'dl-de/by-2-0' : 'other-commercial'),
            accessUrl: `https://opendata.example.org/judged/${input.n}.${format.toLowerCase()}`,
            byteSize: input.byteSize === undefined ? 250_000 + input.n * 10_000 : input.byteSize,
          },
        ],
      },
    ],
  };
}

/** The judged offers, loaded before the generated ones by the demo seed. */
/** The judged offers, built from their entries in `judged-corpus.json`. */
export const JUDGED_OFFERS: TOfferRecord[] = corpus.offers.map((entry) => {
  const publisher = PUBLISHERS[entry.publisher];
  if (!publisher) throw new Error(`judged-corpus.json: offer ${entry.n} names an unknown publisher ${entry.publisher}`);
  return judged({ ...entry, publisher } as TJudgedInput);
});

export type TJudgedQuery = { query: string; expectedOfferId: string; note: string };

/**
 * Queries as the web app sends them (terms joined with '|'), each expecting one judged offer (`n` in
 * `judged-corpus.json`) in the top 3 among thousands of generated offers.
 */
export const JUDGED_QUERIES: TJudgedQuery[] = corpus.queries.map(({ query, n, note }) => ({
  query,
  expectedOfferId: judgedId(n),
  note,
}));
