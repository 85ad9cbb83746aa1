// The queries every engine answers: the search benchmark's query log (bench/lib/query-log.ts) drawn from a
// sample of the corpus, and a sample of titles searched word for word (the known-item check).
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildQueryLog, type TLoggedQuery, type TQueryClass, type TSampledOffer, wordsOf } from '../lib/query-log';
import { ENGINES_DATA_DIR, readCorpus } from './corpus';

/** One search as an engine adapter receives it: every word is required. */
export type TEngineQuery = {
  words: string[];
  /** The words must stand next to each other in this order. */
  isPhrase: boolean;
  /** Documents in any of these categories. */
  categories?: string[];
  /** Documents carrying any of these keywords. */
  keywords?: string[];
  minPrice?: number;
  maxPrice?: number;
};

export type TClassedQuery = { query: TEngineQuery; queryClass: TQueryClass };

/** A title and the document it belongs to. */
export type TTitleProbe = { seq: number; query: TEngineQuery };

export type TQuerySet = { log: TClassedQuery[]; titles: TTitleProbe[] };

/** The log's request as the adapters take it: '|'-joined terms, or a phrase in double quotes. */
export function toEngineQuery(logged: TLoggedQuery): TEngineQuery {
  const isPhrase = logged.query.startsWith('"');
  const words = isPhrase
    ? logged.query.slice(1, -1).split(' ').filter(Boolean)
    : logged.query.split('|').filter(Boolean);
  const filter = logged.body.filter ?? {};
  const query: TEngineQuery = { words, isPhrase };
  if (filter.categories?.length) query.categories = filter.categories;
  if (filter.keywords?.length) query.keywords = filter.keywords;
  if (filter.minPrice != null) query.minPrice = filter.minPrice;
  if (filter.maxPrice != null) query.maxPrice = filter.maxPrice;
  return query;
}

export type TEnsureQueriesOptions = {
  corpusFile: string;
  count: number;
  /** Distinct queries in the log. */
  size: number;
  /** Documents the log's queries are drawn from. */
  sample: number;
  /** Titles in the known-item check. */
  titles: number;
};

/**
 * Builds the query set of a corpus once and keeps it beside the corpus. Documents are sampled at an even
 * stride through the corpus, so the same corpus gives the same queries.
 */
export async function ensureQueries(options: TEnsureQueriesOptions): Promise<{ file: string; set: TQuerySet }> {
  const { corpusFile, count, size, sample, titles } = options;
  const file = path.join(ENGINES_DATA_DIR, `queries-${count}-${size}-${sample}-${titles}.json`);
  if (existsSync(file)) return { file, set: JSON.parse(await readFile(file, 'utf8')) as TQuerySet };
  const offerStride = Math.max(1, Math.floor(count / sample));
  const titleStride = Math.max(1, Math.floor(count / titles));
  const offers: TSampledOffer[] = [];
  const probes: TTitleProbe[] = [];
  for await (const doc of readCorpus(corpusFile)) {
    if (doc.seq % offerStride === 0) {
      offers.push({ title: doc.title, keywords: doc.keywords, categories: doc.categories, price: doc.price });
    }
    // Offset by half a stride, so the titles are not the documents the log was drawn from.
    if ((doc.seq + Math.floor(titleStride / 2)) % titleStride === 0 && probes.length < titles) {
      probes.push({ seq: doc.seq, query: { words: wordsOf(doc.title), isPhrase: false } });
    }
  }
  const log = buildQueryLog({ offers, size }).map((logged) => ({
    query: toEngineQuery(logged),
    queryClass: logged.queryClass,
  }));
  const set: TQuerySet = { log, titles: probes };
  await writeFile(file, JSON.stringify(set));
  return { file, set };
}
