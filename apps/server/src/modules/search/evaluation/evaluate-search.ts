import { TERM_SEPARATOR, ZSearchQuerystring, ZSearchRequest } from '@dsm/contracts';
import type { TDb } from '../../../db/database';
import { searchOffers } from '../http/search-offers';
import type { ISearchIndex } from '../index/search-index';
import { JUDGED_QUERIES } from './judged-corpus';
import {
  QUERY_CLASSES,
  randomFor,
  sampleTitles,
  type TQueryClass,
  titleFragment,
  toQueryParameter,
  withOneTypo,
} from './known-item-queries';
import { CORPUS_SOURCES, listCorpusOffers, type TCorpusOffer, type TCorpusSource } from './load-evaluation-corpus';
import { NATURAL_QUERIES } from './natural-queries';

/**
 * A known-item evaluation of the catalogue search: does the offer someone is looking for come up in the
 * first page of 10? Sampled titles are searched as they are, with one typo and as three-word fragments;
 * hand-written natural queries (natural-queries.ts) and the judged relevance queries (judged-corpus.ts)
 * name their answers. Every query goes through searchOffers, as `POST /api/search` runs it. Used by
 * `npm run eval:search` (bench/eval-search.ts) and by the regression floor in known-item-evaluation.test.ts.
 */

/** Hits are counted in the first page, as a user sees it. */
export const CUTOFF = 10;

export type TEvaluationQuery = {
  queryClass: TQueryClass;
  source: TCorpusSource;
  /** The `query` parameter sent ('|'-joined terms). */
  query: string;
  /** The known item's title (title classes) or the titles answering a natural query. */
  expectedTitles: string[];
  /** The offer answering a judged query. */
  expectedIds: string[];
};

export type TBuildQueriesOptions = {
  offers: readonly TCorpusOffer[];
  /** Distinct titles sampled per source. */
  sample: number;
  seed: number;
};

/**
 * The evaluation's queries for a loaded corpus. Offers sharing the known item's exact title count as the
 * known item (federated or repeated copies cannot be told apart by a user). Throws when a natural query
 * names a title the corpus lacks; judged queries are left out when the demo catalogue lacks their offer.
 */
export function buildEvaluationQueries({ offers, sample, seed }: TBuildQueriesOptions): TEvaluationQuery[] {
  const queries: TEvaluationQuery[] = [];
  const titleQuery = (queryClass: TQueryClass, source: TCorpusSource, text: string, title: string) =>
    queries.push({ queryClass, source, query: toQueryParameter(text), expectedTitles: [title], expectedIds: [] });
  for (const source of CORPUS_SOURCES) {
    const titles = offers.filter((offer) => offer.source === source).map((offer) => offer.title);
    for (const title of sampleTitles(titles, sample, seed)) {
      const random = randomFor(title, seed);
      titleQuery('exact', source, title, title);
      // The typo goes into what the search bar sends of a long title, never into words it leaves out.
      const typo = withOneTypo(toQueryParameter(title).replaceAll(TERM_SEPARATOR, ' '), random);
      if (typo !== null) titleQuery('typo', source, typo, title);
      const fragment = titleFragment(title, random);
      if (fragment !== null) titleQuery('fragment', source, fragment, title);
    }
  }
  const titles = new Set(offers.map((offer) => offer.title));
  for (const natural of NATURAL_QUERIES) {
    const missing = natural.expectedTitles.filter((title) => !titles.has(title));
    if (missing.length > 0)
      throw new Error(`natural query "${natural.query}" names titles not in the corpus: ${missing}`);
    queries.push({
      queryClass: 'natural',
      source: natural.source,
      query: toQueryParameter(natural.query),
      expectedTitles: natural.expectedTitles,
      expectedIds: [],
    });
  }
  const ids = new Set(offers.map((offer) => offer.id));
  for (const judged of JUDGED_QUERIES) {
    if (!ids.has(judged.expectedOfferId)) continue;
    queries.push({
      queryClass: 'judged',
      source: 'demo',
      query: judged.query,
      expectedTitles: [],
      expectedIds: [judged.expectedOfferId],
    });
  }
  return queries;
}

export type TQueryOutcome = TEvaluationQuery & {
  /** 1-based rank of the first answer in the top 10, null when none is there. */
  rank: number | null;
  /** Matches the search reported (capped as the API caps it). */
  total: number;
  /** The titles of the first three results, to see what came up instead. */
  top: string[];
};

/** Queries in flight at once: one per core of a small machine, with PostgreSQL working beside Node. */
const CONCURRENCY = 2;

/** Runs each query through the product's search for one page of 10; the outcomes keep the queries' order. */
export async function runEvaluationQueries(
  db: TDb,
  searchIndex: ISearchIndex,
  queries: readonly TEvaluationQuery[],
  onProgress?: (done: number) => void,
): Promise<TQueryOutcome[]> {
  const request = ZSearchRequest.parse({ index: 0, pageSize: CUTOFF });
  const outcomes: TQueryOutcome[] = new Array(queries.length);
  let next = 0;
  let done = 0;
  const work = async () => {
    while (next < queries.length) {
      const position = next++;
      const evaluation = queries[position]!;
      // The HTTP API validates the parameter first: a query it would refuse is a fault of the evaluation.
      const { query } = ZSearchQuerystring.parse({ query: evaluation.query });
      const result = await searchOffers({ db, searchIndex, query, request });
      const index = result.data.findIndex(
        (offer) => evaluation.expectedIds.includes(offer['@id']) || evaluation.expectedTitles.includes(offer.title),
      );
      outcomes[position] = {
        ...evaluation,
        rank: index === -1 ? null : index + 1,
        total: result.total,
        top: result.data.slice(0, 3).map((offer) => offer.title),
      };
      onProgress?.(++done);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, work));
  return outcomes;
}

export type TEvaluationRow = {
  queryClass: TQueryClass;
  source: TCorpusSource | 'all';
  queries: number;
  /** Share of queries with an answer in the top 10. */
  hitAt10: number;
  /** Mean of 1/rank of the first answer, 0 when it is not in the top 10. */
  mrrAt10: number;
  /** Share of queries that found nothing at all. */
  zeroResultRate: number;
};

function summarize(queryClass: TQueryClass, source: TEvaluationRow['source'], outcomes: TQueryOutcome[]) {
  const n = outcomes.length;
  return {
    queryClass,
    source,
    queries: n,
    hitAt10: outcomes.filter((outcome) => outcome.rank !== null).length / n,
    mrrAt10: outcomes.reduce((sum, outcome) => sum + (outcome.rank === null ? 0 : 1 / outcome.rank), 0) / n,
    zeroResultRate: outcomes.filter((outcome) => outcome.total === 0).length / n,
  };
}

/** One row per query class and source, and per class over all sources where a class has several. */
export function summarizeOutcomes(outcomes: readonly TQueryOutcome[]): TEvaluationRow[] {
  const rows: TEvaluationRow[] = [];
  for (const queryClass of QUERY_CLASSES) {
    const ofClass = outcomes.filter((outcome) => outcome.queryClass === queryClass);
    const sources = CORPUS_SOURCES.filter((source) => ofClass.some((outcome) => outcome.source === source));
    for (const source of sources) {
      rows.push(
        summarize(
          queryClass,
          source,
          ofClass.filter((outcome) => outcome.source === source),
        ),
      );
    }
    if (sources.length > 1) rows.push(summarize(queryClass, 'all', ofClass));
  }
  return rows;
}

const percent = (share: number): string => `${(share * 100).toFixed(1)} %`;

/** The rows as a Markdown table. */
export function formatEvaluationTable(rows: readonly TEvaluationRow[]): string {
  const lines = [
    '| query class | source | queries | hit@10 | MRR@10 | zero results |',
    '|---|---|---:|---:|---:|---:|',
    ...rows.map((row) => {
      const source = row.source === 'all' ? '**all**' : row.source;
      return `| ${row.queryClass} | ${source} | ${row.queries} | ${percent(row.hitAt10)} | ${row.mrrAt10.toFixed(3)} | ${percent(row.zeroResultRate)} |`;
    }),
  ];
  return `${lines.join('\n')}\n`;
}

export type TEvaluateSearchOptions = {
  /** A database holding the evaluation corpus (loadEvaluationCorpus). */
  db: TDb;
  /** The search index over that database. */
  searchIndex: ISearchIndex;
  /** Distinct titles sampled per source. */
  sample: number;
  /** Seed of the sample, the typos and the fragments. */
  seed?: number;
  onProgress?: (done: number, of: number) => void;
};

/** Samples the corpus, runs every query and summarizes: the whole evaluation. */
export async function evaluateSearch({
  db,
  searchIndex,
  sample,
  seed = 1,
  onProgress,
}: TEvaluateSearchOptions): Promise<{
  rows: TEvaluationRow[];
  outcomes: TQueryOutcome[];
}> {
  const queries = buildEvaluationQueries({ offers: await listCorpusOffers(db), sample, seed });
  const outcomes = await runEvaluationQueries(db, searchIndex, queries, (done) => onProgress?.(done, queries.length));
  return { rows: summarizeOutcomes(outcomes), outcomes };
}
