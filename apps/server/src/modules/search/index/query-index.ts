import { FACET_NAMES, RESULT_CAP } from '@dsm/contracts';
import type { Database, Statement } from 'better-sqlite3';
import { analyzeText } from '../analysis/analyze-text';
import { parseQuery, type TQueryClause } from '../analysis/parse-query';
import { titleKey } from '../analysis/title-key';
import { findCorrections, hasWord } from '../analysis/typo-vocabulary';
import { ANY_ROW, emptyFacets, facetCounterOf, type TRowConditions } from './facet-counter';
import { facetExpression } from './facet-tokens';
import { FACET_KINDS } from './index-schema';
import { phraseCounts, quotedPhrases } from './phrase-counts';
import { hasRankExtension } from './rank-extension';
import type { TEngineStages, TIndexFilter, TIndexSearch, TIndexSearchResult } from './search-index';

/** Weights of the title, keywords, description and facets columns in bm25 (facet values never score). */
const BM25_WEIGHTS = '10.0, 4.0, 1.0, 0.0';

/**
 * The score of a match, bm25 with the weights above: `dsm_bm25()` given each phrase's count of offers when the
 * connection has it (rank-extension.ts), which reads only the matches it scores; else FTS5's bm25(), which reads
 * each phrase's whole list first. The same scores, up to counts a few minutes old.
 */
function scoreSql(db: Database, phrases: string[]): { sql: string; params: unknown[] } {
  if (!hasRankExtension(db)) return { sql: `bm25(docs_fts, ${BM25_WEIGHTS})`, params: [] };
  const counted = phraseCounts(db, phrases);
  return {
    sql: `dsm_bm25(docs_fts, ${BM25_WEIGHTS}${', ?, ?'.repeat(counted.length)})`,
    params: counted.flat(),
  };
}
/**
 * The newest matches bm25 ranks: scoring costs a few microseconds a match (FTS5 reads each one's column
 * sizes), so a word found in 350,000 offers is ranked over its newest 2,000 matches.
 */
const RANK_WINDOW = 2_000;
/** How many of the best bm25 matches are ranked again by title match, coverage and recency. */
const RERANK_DEPTH = 100;
/** Word combinations tried at one level of a partial match before falling back to fewer words. */
const MAX_COMBINATIONS = 40;
/** Shortest word that may be corrected for a typo. */
const MIN_TYPO_LENGTH = 5;
const STEMMING_LANGUAGES = ['de', 'en', null] as const;

type TCompiledClause = { expression: string; titleWords: string[] };

const quote = (token: string): string => `"${token.replaceAll('"', '""')}"`;

/** The index tokens a word can match in any language (documents are stemmed by their own language). */
export function wordTokens(word: string): string[] {
  return [...new Set(STEMMING_LANGUAGES.flatMap((language) => analyzeText(word, language)))];
}

/** An FTS5 expression matching a word, or any of its corrections. */
function wordExpression(words: string[]): string {
  const alternatives = words.flatMap((word) => {
    const tokens = analyzeText(word, null);
    // A CJK run analyses into its character pairs: they must follow each other.
    if (tokens.length > 1) return [quote(tokens.join(' '))];
    return wordTokens(word).map(quote);
  });
  const distinct = [...new Set(alternatives)];
  return distinct.length === 1 ? (distinct[0] ?? '') : `(${distinct.join(' OR ')})`;
}

function phraseExpression(words: string[]): string {
  const phrases = [
    ...new Set(STEMMING_LANGUAGES.map((language) => analyzeText(words.join(' '), language).join(' '))),
  ].filter((phrase) => phrase.length > 0);
  if (phrases.length === 0) return '';
  return phrases.length === 1 ? quote(phrases[0] ?? '') : `(${phrases.map(quote).join(' OR ')})`;
}

/** Combinations of `size` items of `items`, in order; stops early past `max`. */
function combinations<T>(items: T[], size: number, max: number): T[][] | null {
  const result: T[][] = [];
  const walk = (start: number, chosen: T[]): boolean => {
    if (chosen.length === size) {
      result.push(chosen);
      return result.length <= max;
    }
    for (let i = start; i < items.length; i++) if (!walk(i + 1, [...chosen, items[i] as T])) return false;
    return true;
  };
  return walk(0, []) ? result : null;
}

const statements = new WeakMap<Database, Map<string, Statement>>();
function prepare(db: Database, text: string): Statement {
  let cache = statements.get(db);
  if (!cache) {
    cache = new Map();
    statements.set(db, cache);
  }
  let statement = cache.get(text);
  if (!statement) {
    statement = db.prepare(text);
    cache.set(text, statement);
  }
  return statement;
}

const DAY_MS = 86_400_000;

/** The first instant of a day written 'YYYY-MM-DD' (UTC), in ms since the epoch, as `docs.modified` holds dates. */
const startOfDay = (day: string): number => Date.parse(`${day}T00:00:00Z`);

type TFilterSql = {
  sql: string;
  params: unknown[];
  /** True when a condition reads `d` (docs): a text match must join it. */
  readsDocs: boolean;
  /** An FTS5 expression every match must also match: the facet values named, as words (mode 'words'). */
  words: string | null;
};

/** The text match of an expression under a filter: with the filter's facet values as words when it has them. */
const matchOf = (expression: string, filter: TFilterSql): string =>
  filter.words === null ? expression : `(${expression}) AND ${filter.words}`;

/** The test `dsm_filter(rowid)` applies in the statement being run: the current search's filters. */
const filterTests = new WeakMap<Database, { test: (rowid: number) => boolean }>();

/** Registers `dsm_filter(rowid)` on a connection once, and makes it test the given filter from now on. */
function useFilterTest(db: Database, test: (rowid: number) => boolean): void {
  let holder = filterTests.get(db);
  if (!holder) {
    const created = { test };
    db.function('dsm_filter', { deterministic: false }, (rowid) => (created.test(rowid as number) ? 1 : 0));
    filterTests.set(db, created);
    holder = created;
  }
  holder.test = test;
}

/**
 * How a statement applies the facet filters (any of the values named within a facet, every facet named):
 * - 'words': next to a text match, the values are words of the match (`docs_fts.facets`, facet-tokens.ts): FTS5
 *   intersects their lists with the words' own, skipping through them (a common word beside a category: 8-11 ms
 *   for the newest 10,001 matches, where testing each match cost 57-100 ms at a million offers).
 * - 'test': next to a text match, each match is tested against the search thread's copy of the facets in memory
 *   (`dsm_filter`, FacetCounter.filterTest): for matches of a few given offers (matchEveryWord).
 * - 'list': without text, the offers having a value are listed from its index.
 */
type TFacetMode = 'words' | 'test' | 'list';

/** The conditions of a filter on an offer's `docs` row, as the search thread's copy tests them. */
const rowConditionsOf = (filter: TIndexFilter): TRowConditions => ({
  minPrice: filter.minPrice,
  maxPrice: filter.maxPrice,
  modifiedFrom: filter.modifiedFrom === null ? null : startOfDay(filter.modifiedFrom),
  modifiedBefore: filter.modifiedTo === null ? null : startOfDay(filter.modifiedTo) + DAY_MS,
  hasWorkingEndpoint: filter.hasWorkingEndpoint,
});

/** No facet value named: the facets of a filter whose values are words of the match ('words'). */
const LISTED_FACETS = Object.fromEntries(FACET_NAMES.map((name) => [name, []])) as unknown as Pick<
  TIndexFilter,
  (typeof FACET_NAMES)[number]
>;

/**
 * SQL conditions for the filters, with their parameters, the facet filters applied as `mode` says. Next to a text
 * match (every mode but 'list'), the conditions on an offer's row (price range, modification dates, working
 * endpoint) are tested on the search thread's copy with its facets, not by joining the match's `docs` row: that
 * join cost about as much per match as the facets' look-up did (words and a price range were the slowest class of
 * the query log at 300,000 offers, CPU p99 80-126 ms; 38-61 ms without the join). Without words, SQL reads them,
 * and the price index can list a range.
 */
function filterSql(db: Database, filter: TIndexFilter, mode: TFacetMode): TFilterSql {
  const conditions: string[] = [];
  const params: unknown[] = [];
  let readsDocs = false;
  let words: string | null = null;
  const row = mode === 'list' ? ANY_ROW : rowConditionsOf(filter);
  if (mode === 'test') {
    const test = facetCounterOf(db).filterTest(filter, row);
    if (test) {
      useFilterTest(db, test);
      conditions.push('dsm_filter(f.rowid)');
    }
  } else if (mode === 'list') {
    for (const name of FACET_NAMES) {
      const values = filter[name];
      if (values.length === 0) continue;
      conditions.push(
        `d.rowid in (select doc from doc_facets where kind = ${FACET_KINDS[name]} and value in (select value from json_each(?)))`,
      );
      params.push(JSON.stringify(values));
    }
  } else {
    // The facet values are words of the match: only the conditions on the row are tested in JavaScript.
    words = facetExpression(FACET_NAMES.map((name) => [FACET_KINDS[name], filter[name]]));
    const test = facetCounterOf(db).filterTest(LISTED_FACETS, row);
    if (test) {
      useFilterTest(db, test);
      conditions.push('dsm_filter(f.rowid)');
    }
  }
  if (mode === 'list') {
    if (filter.modifiedFrom !== null) {
      conditions.push('d.modified >= ?');
      params.push(startOfDay(filter.modifiedFrom));
    }
    if (filter.modifiedTo !== null) {
      conditions.push('d.modified < ?');
      params.push(startOfDay(filter.modifiedTo) + DAY_MS);
    }
    pushPriceRange(filter, 'd.price', conditions, params);
    if (filter.hasWorkingEndpoint) conditions.push('d.has_working_endpoint = 1');
  }
  if (filter.offerIds !== null) {
    conditions.push('d.offer_id in (select value from json_each(?))');
    params.push(JSON.stringify(filter.offerIds));
  }
  readsDocs ||= conditions.some((condition) => condition.startsWith('d.'));
  return {
    sql: conditions.map((condition) => ` and ${condition}`).join(''),
    params,
    readsDocs,
    words,
  };
}

/** The matches found, as a filter: what ranking reads of a match found through the filter's offers. */
const matchedSql = (rowids: number[]): TFilterSql => ({
  sql: ' and +f.rowid in (select value from json_each(?))',
  params: [JSON.stringify(rowids)],
  readsDocs: false,
  words: null,
});

/** The join a text match needs for its filters. */
const docsJoin = (filter: TFilterSql): string => (filter.readsDocs ? ' cross join docs d on d.rowid = f.rowid' : '');

const ORDER_BY: Record<Exclude<TIndexSearch['sort'], 'relevance'>, string> = {
  newest: 'd.modified desc nulls last, d.offer_id',
  oldest: 'd.modified asc nulls last, d.offer_id',
  title: 'd.title collate nocase, d.offer_id',
  price: 'd.price, d.modified desc nulls last, d.offer_id',
};

type TMatchWindow = {
  rowids: number[];
  total: number;
  isTotalCapped: boolean;
};

/**
 * The matches of an expression in rowid order, newest first, up to one past the cap: the total, and the
 * window of the newest matches that ranking and sorting read. A query matching more than the cap ranks
 * only its newest 10,000 matches.
 */
function matchWindow(db: Database, expression: string, filter: TFilterSql): TMatchWindow {
  const join = docsJoin(filter);
  const rowids = prepare(
    db,
    `select f.rowid from docs_fts f${join} where docs_fts match ?${filter.sql} order by f.rowid desc limit ${RESULT_CAP + 1}`,
  )
    .pluck()
    .all(matchOf(expression, filter), ...filter.params) as number[];
  const isTotalCapped = rowids.length > RESULT_CAP;
  return {
    rowids,
    total: Math.min(rowids.length, RESULT_CAP),
    isTotalCapped,
  };
}

type TScored = { rowid: number; score: number };

type TCandidate = {
  rowid: number;
  score: number;
  title_key: string;
  copy_key: string | null;
  modified: number | null;
  offer_id: string;
};

/** How many of the query's words a title holds (a word also counts when it shares its stem-like start). */
function titleCoverage(titleWords: Set<string>, titleText: string, clauses: TCompiledClause[]): number {
  let covered = 0;
  for (const clause of clauses) {
    const found = clause.titleWords.some((word) => {
      if (titleWords.has(word)) return true;
      if (!/^[\p{Script=Latin}\d]+$/u.test(word)) return titleText.includes(word);
      if (word.length < 4) return false;
      for (const titleWord of titleWords) {
        const shorter = Math.min(word.length, titleWord.length);
        if (Math.abs(word.length - titleWord.length) <= 3 && shorter >= 4) {
          const stem = Math.max(4, shorter - 2);
          if (word.slice(0, stem) === titleWord.slice(0, stem)) return true;
        }
      }
      return false;
    });
    if (found) covered++;
  }
  return covered;
}

/**
 * The best matches by relevance: bm25 over the window, the first RERANK_DEPTH ranked again by the title:
 * the exact title first, then titles holding more of the words, then those holding them side by side as
 * typed, then bm25 (title above keywords above description), then recency.
 */
function rankedPage(
  db: Database,
  expressions: { all: string; title: string; phrases: string[] },
  filters: { scored: TFilterSql; titled: TFilterSql },
  window: TMatchWindow,
  clauses: TCompiledClause[],
  queryTitleKeys: string[],
  page: { offset: number; limit: number },
): { rowids: number[]; collapsedCopies: number } {
  const depth = Math.max(RERANK_DEPTH, page.offset + page.limit);
  const { scored: filter, titled: titleFilter } = filters;
  // Scored as FTS5 reads the matches newest first: a rowid range would make it read the whole word's list.
  const score = scoreSql(db, expressions.phrases);
  const scored = (
    prepare(
      db,
      `select f.rowid as rowid, ${score.sql} as score from docs_fts f${docsJoin(filter)}
       where docs_fts match ?${filter.sql} order by f.rowid desc limit ${RANK_WINDOW}`,
    ).all(...score.params, matchOf(expressions.all, filter), ...filter.params) as TScored[]
  )
    .sort((a, b) => a.score - b.score)
    .slice(0, depth);
  // Older offers with the words in their title are candidates too, when more than RANK_WINDOW match; they
  // rank by their titles and recency (a second bm25 would cost the word's whole list again).
  let titled: TScored[] = [];
  if (window.rowids.length > RANK_WINDOW) {
    titled = (
      prepare(
        db,
        `select f.rowid from docs_fts f${docsJoin(titleFilter)} where docs_fts match ?${titleFilter.sql} order by f.rowid desc limit ${RERANK_DEPTH}`,
      )
        .pluck()
        .all(matchOf(expressions.title, titleFilter), ...titleFilter.params) as number[]
    ).map((rowid) => ({ rowid, score: 0 }));
  }
  const seen = new Set<number>();
  const head = [...scored.slice(0, RERANK_DEPTH), ...titled].filter((row) => {
    if (seen.has(row.rowid)) return false;
    seen.add(row.rowid);
    return true;
  });
  const details = new Map(
    (
      prepare(
        db,
        'select rowid, title_key, copy_key, modified, offer_id from docs where rowid in (select value from json_each(?))',
      ).all(JSON.stringify(head.map((row) => row.rowid))) as Omit<TCandidate, 'score'>[]
    ).map((row) => [row.rowid, row]),
  );
  const keyed = head.map((row) => {
    const detail = details.get(row.rowid);
    const key = detail?.title_key ?? '';
    return {
      rowid: row.rowid,
      score: row.score,
      exact: queryTitleKeys.includes(key) ? 1 : 0,
      // The words typed side by side in the title, as a fragment copied from it.
      adjacent: queryTitleKeys.some((queryKey) => queryKey.includes(' ') && ` ${key} `.includes(` ${queryKey} `))
        ? 1
        : 0,
      coverage: titleCoverage(new Set(key.split(' ')), key, clauses),
      modified: detail?.modified ?? Number.NEGATIVE_INFINITY,
      offerId: detail?.offer_id ?? '',
      copyKey: detail?.copy_key ?? null,
    };
  });
  keyed.sort(
    (a, b) =>
      b.exact - a.exact ||
      b.coverage - a.coverage ||
      b.adjacent - a.adjacent ||
      a.score - b.score ||
      b.modified - a.modified ||
      (a.offerId < b.offerId ? -1 : a.offerId > b.offerId ? 1 : 0),
  );
  // Federated copies of one dataset show as one result: the best ranked; the others are named on it.
  const shownCopies = new Set<string>();
  const collapsed = keyed.filter((row) => {
    if (row.copyKey === null) return true;
    if (shownCopies.has(row.copyKey)) return false;
    shownCopies.add(row.copyKey);
    return true;
  });
  const order = [
    ...collapsed.map((row) => row.rowid),
    ...scored
      .slice(RERANK_DEPTH)
      .map((row) => row.rowid)
      .filter((rowid) => !seen.has(rowid)),
  ];
  return {
    rowids: order.slice(page.offset, page.offset + page.limit),
    collapsedCopies: keyed.length - collapsed.length,
  };
}

/**
 * The filters of the ranking statements, once the matches passing the filters are known (the window: the newest,
 * up to one past the cap). bm25 reads, for each phrase of its expression, the phrase's whole list once (its IDF), so
 * a facet value of many offers costs as much as a common word. A window of many matches (the cap reached) is
 * scored as the words alone over its first RANK_WINDOW, each match of the words looked up among them in SQLite (it
 * reads no deeper into the words' list than the window did); a window of few keeps the facet values in the match,
 * which FTS5 intersects itself, unless conditions are tested in JavaScript, which then look up the window too. The
 * older title matches are looked for among the window when it holds every match, else as the window was found.
 */
function rankingFilters(filter: TFilterSql, window: TMatchWindow): { scored: TFilterSql; titled: TFilterSql } {
  if (filter.sql === '' && (filter.words === null || !window.isTotalCapped)) return { scored: filter, titled: filter };
  const scored = matchedSql(window.rowids.slice(0, RANK_WINDOW));
  return { scored, titled: window.isTotalCapped ? filter : matchedSql(window.rowids) };
}

/** A page in another order than relevance: of the filtered catalogue, or of the matches counted. */
function sortedPage(
  db: Database,
  matches: number[] | null,
  filter: TFilterSql,
  sort: keyof typeof ORDER_BY,
  page: { offset: number; limit: number },
): number[] {
  if (matches === null) {
    return prepare(
      db,
      `select d.rowid from docs d where 1 = 1${filter.sql} order by ${ORDER_BY[sort]} limit ? offset ?`,
    )
      .pluck()
      .all(...filter.params, page.limit, page.offset) as number[];
  }
  return prepare(
    db,
    `select d.rowid from docs d where d.rowid in (select value from json_each(?)) order by ${ORDER_BY[sort]} limit ? offset ?`,
  )
    .pluck()
    .all(JSON.stringify(matches), page.limit, page.offset) as number[];
}

/**
 * A filter without words passing at least this many offers is browsed: its newest offers are listed from an index
 * and sorted when few enough, else found by walking down from the last offer; its page by walking the order's
 * index, each offer tested as it is met, stopping at the page's end (listing every offer of a category and sorting
 * them all cost 50-300 ms).
 */
const BROWSED_OFFERS = 5_000;
/**
 * Sorting an offer of the filter costs about as much as testing this many offers walking the order's index: a page
 * is walked to while the offers expected before its end (offset and limit over the filter's share) cost less.
 */
const SORTING_COST = 3;
/** Orders a page is found in by walking their index (the price order sorts its ties by another column). */
const WALKED_ORDERS = new Set<keyof typeof ORDER_BY>(['newest', 'oldest', 'title']);

/**
 * Listing an offer of a price range from the price index and sorting it costs about as much as testing this many
 * offers' rows walking down from the last.
 */
const PRICE_LISTING_COST = 3;

const lastRowid = (db: Database): number =>
  prepare(db, 'select coalesce(max(rowid), 0) from docs').pluck().get() as number;

type TBrowse = { matches: number[]; rowids: number[] };

/**
 * The newest offers (up to one past the cap) and the page of a search without words, when its filter passes many
 * offers: facet filters alone (tested on the search thread's copy of the facets) or a price range alone (tested on
 * each offer's row). Null for other filters, which the statements listing the filter's offers answer: the same
 * offers, in the same order.
 */
function browse(
  db: Database,
  filter: TIndexFilter,
  sort: keyof typeof ORDER_BY,
  page: { offset: number; limit: number },
): TBrowse | null {
  if (!WALKED_ORDERS.has(sort) || filter.offerIds !== null || filter.hasWorkingEndpoint) return null;
  if (filter.modifiedFrom !== null || filter.modifiedTo !== null) return null;
  const hasPrice = filter.minPrice !== null || filter.maxPrice !== null;
  const counter = facetCounterOf(db);
  const offers = counter.filterSize(filter);
  const walkPage = (sql: string, params: unknown[], size: number): number[] =>
    (page.offset + page.limit) * lastRowid(db) <= SORTING_COST * size * size
      ? (prepare(db, `select d.rowid from docs d where 1 = 1${sql} order by ${ORDER_BY[sort]} limit ? offset ?`)
          .pluck()
          .all(...params, page.limit, page.offset) as number[])
      : sortedPage(db, null, filterSql(db, filter, 'list'), sort, page);
  if (offers !== null) {
    if (hasPrice || offers < BROWSED_OFFERS) return null;
    const matches = counter.newestPassing(filter, RESULT_CAP + 1);
    const test = counter.filterTest(filter);
    if (!matches || !test) return null;
    useFilterTest(db, test);
    return { matches, rowids: walkPage(' and dsm_filter(d.rowid)', [], offers) };
  }
  if (!hasPrice) return null;
  const conditions: string[] = [];
  const params: unknown[] = [];
  pushPriceRange(filter, '+d.price', conditions, params);
  const sql = conditions.map((condition) => ` and ${condition}`).join('');
  const indexed = sql.replaceAll('+d.', 'd.');
  // Counted on the price index, up to what decides: a range of few offers is listed from it and sorted, one of
  // many found by walking the offers down from the last until the cap's worth pass.
  const listedAtMost = Math.sqrt((RESULT_CAP * lastRowid(db)) / PRICE_LISTING_COST);
  const inRange = prepare(
    db,
    `select count(*) from (select 1 from docs d where 1 = 1${indexed} limit ${Math.ceil(listedAtMost)})`,
  )
    .pluck()
    .get(...params) as number;
  if (inRange < BROWSED_OFFERS) return null;
  const matches =
    inRange < listedAtMost
      ? Array.from(
          Float64Array.from(
            prepare(db, `select d.rowid from docs d where 1 = 1${indexed}`)
              .pluck()
              .all(...params) as number[],
          )
            .sort()
            .reverse()
            .subarray(0, RESULT_CAP + 1),
        )
      : (prepare(db, `select d.rowid from docs d where 1 = 1${sql} order by d.rowid desc limit ${RESULT_CAP + 1}`)
          .pluck()
          .all(...params) as number[]);
  return { matches, rowids: walkPage(sql, params, inRange) };
}

/** Publishers are kept as facet values: a copy is named by its first. */
const COPIES_SQL = `select d.offer_id as offerId, d.copy_key as copyKey,
  (select x.value from doc_facets x where x.doc = d.rowid and x.kind = ${FACET_KINDS.publishers} order by x.value limit 1) as publisher
  from docs d where d.copy_key in (select value from json_each(?)) order by d.rowid desc limit 500`;

/** At most this many copies are named per result. */
const NAMED_COPIES = 10;

/**
 * The other copies of the results that are federated copies of a dataset, named by their publishers, and the copy
 * keys of the results (a new copy of one of them changes the answer).
 */
function copiesOf(db: Database, rowids: number[]): Pick<TIndexSearchResult, 'copies' | 'copyKeys'> {
  if (rowids.length === 0) return { copies: [], copyKeys: [] };
  const shown = prepare(db, 'select offer_id, copy_key from docs where rowid in (select value from json_each(?))').all(
    JSON.stringify(rowids),
  ) as { offer_id: string; copy_key: string | null }[];
  const keys = [...new Set(shown.flatMap((row) => (row.copy_key === null ? [] : [row.copy_key])))];
  if (keys.length === 0) return { copies: [], copyKeys: [] };
  const found = prepare(db, COPIES_SQL).all(JSON.stringify(keys)) as TCopyRow[];
  const counts = new Map(
    (
      prepare(
        db,
        'select copy_key, count(*) as count from docs where copy_key in (select value from json_each(?)) group by copy_key',
      ).all(JSON.stringify(keys)) as { copy_key: string; count: number }[]
    ).map((row) => [row.copy_key, row.count]),
  );
  const copies = shown.flatMap(({ offer_id: offerId, copy_key: copyKey }) => {
    const total = copyKey === null ? 0 : (counts.get(copyKey) ?? 1) - 1;
    if (copyKey === null || total <= 0) return [];
    const others = found
      .filter((row) => row.copyKey === copyKey && row.offerId !== offerId)
      .slice(0, NAMED_COPIES)
      .map((row) => ({ offerId: row.offerId, publisher: row.publisher }));
    return [{ offerId, total, copies: others }];
  });
  return { copies, copyKeys: keys };
}

type TCopyRow = { offerId: string; copyKey: string; publisher: string | null };

function offerIdsOf(db: Database, rowids: number[]): string[] {
  if (rowids.length === 0) return [];
  const byRowid = new Map(
    (
      prepare(db, 'select rowid, offer_id from docs where rowid in (select value from json_each(?))').all(
        JSON.stringify(rowids),
      ) as { rowid: number; offer_id: string }[]
    ).map((row) => [row.rowid, row.offer_id]),
  );
  return rowids.flatMap((rowid) => byRowid.get(rowid) ?? []);
}

type TCorrectedClause = { clause: TCompiledClause; corrections: Map<string, string> };

/**
 * A corrected word as titles write it: the vocabulary keeps words folded ('verkehrszahlungen'), which a
 * user would read as a misspelling of 'Verkehrszählungen'. The newest titles holding it tell its accents.
 */
function spelledAsInTitles(db: Database, folded: string): string {
  const titles = prepare(
    db,
    'select d.title from docs_fts f cross join docs d on d.rowid = f.rowid where docs_fts match ? order by f.rowid desc limit 5',
  )
    .pluck()
    .all(`{title} : ${wordExpression([folded])}`) as string[];
  for (const title of titles) {
    for (const [written] of title.matchAll(/[\p{L}\p{N}']+/gu)) {
      if (titleKey(written) === folded) return written.toLowerCase();
    }
  }
  return folded;
}

/** A clause's expression, with a word found nowhere in the catalogue replaced by its nearest known words. */
function compileClause(db: Database, clause: TQueryClause, allowTypos: boolean): TCorrectedClause {
  if (clause.kind === 'phrase') {
    return { clause: { expression: phraseExpression(clause.words), titleWords: clause.words }, corrections: new Map() };
  }
  const { word } = clause;
  if (allowTypos && !clause.isCjk && [...word].length >= MIN_TYPO_LENGTH && !hasWord(db, word)) {
    const corrections = findCorrections(db, word, 3).map((correction) => correction.word);
    if (corrections.length > 0) {
      return {
        clause: { expression: wordExpression(corrections), titleWords: corrections },
        corrections: new Map([[word, spelledAsInTitles(db, corrections[0] ?? word)]]),
      };
    }
  }
  return { clause: { expression: wordExpression([word]), titleWords: [word] }, corrections: new Map() };
}

/** A correction written the way the word was: capitalised or in capitals when it was. */
function inCaseOf(typed: string, correction: string): string {
  if (typed.length > 1 && typed === typed.toUpperCase()) return correction.toUpperCase();
  const first = typed[0] ?? '';
  if (first !== first.toLowerCase()) return `${correction[0]?.toUpperCase() ?? ''}${correction.slice(1)}`;
  return correction;
}

/** The terms with each corrected word replaced, for "Showing results for". */
function correctTerms(terms: string[], corrections: Map<string, string>): string[] {
  return terms.map((term) =>
    term.replace(/[\p{L}\p{N}']+/gu, (word) => {
      const corrected = corrections.get(titleKey(word));
      return corrected === undefined ? word : inCaseOf(word, corrected);
    }),
  );
}

function notExpression(excluded: TQueryClause[]): string {
  const parts = excluded.map((clause) =>
    clause.kind === 'phrase' ? phraseExpression(clause.words) : wordExpression([clause.word]),
  );
  const distinct = parts.filter((part) => part.length > 0);
  return distinct.length === 0 ? '' : distinct.join(' OR ');
}

/** A search's words compiled: the clauses every match must have (corrected when typos are allowed), and those excluded. */
function compileWords(db: Database, search: TIndexSearch) {
  const parsed = parseQuery(search.terms);
  const meaningful = parsed.clauses.filter((clause) => clause.kind === 'phrase' || !clause.isStopWord);
  const required = meaningful.length > 0 ? meaningful : parsed.clauses;
  const compiled = required.map((clause) => compileClause(db, clause, !search.exact));
  const clauses = compiled.map((entry) => entry.clause).filter((clause) => clause.expression.length > 0);
  const corrections = new Map(compiled.flatMap((entry) => [...entry.corrections]));
  const excluded = notExpression(parsed.excluded);
  const withExclusions = (positive: string): string => (excluded ? `(${positive}) NOT (${excluded})` : positive);
  return { parsed, clauses, corrections, excluded, withExclusions };
}

/**
 * The words of a search as one FTS5 expression that an offer matches when it has every required word (`every`) or
 * any of them (`any`), without its exclusions' offers. Null when the search has no word to match, or when typo
 * correction would look at one of its words (a long word the vocabulary lacks): its answer may change with the
 * vocabulary. The vocabulary only grows between builds, so an expression once given stays the search's until the
 * next build.
 */
export function wordsExpression(db: Database, search: TIndexSearch, mode: 'every' | 'any'): string | null {
  const parsed = parseQuery(search.terms);
  const meaningful = parsed.clauses.filter((clause) => clause.kind === 'phrase' || !clause.isStopWord);
  const required = meaningful.length > 0 ? meaningful : parsed.clauses;
  const mayBeCorrected = required.some(
    (clause) =>
      clause.kind === 'word' &&
      !search.exact &&
      !clause.isCjk &&
      [...clause.word].length >= MIN_TYPO_LENGTH &&
      !hasWord(db, clause.word),
  );
  if (mayBeCorrected) return null;
  const expressions = required
    .map((clause) => (clause.kind === 'phrase' ? phraseExpression(clause.words) : wordExpression([clause.word])))
    .filter((expression) => expression.length > 0);
  if (expressions.length === 0) return null;
  const positive = expressions.join(mode === 'every' ? ' AND ' : ' OR ');
  const excluded = notExpression(parsed.excluded);
  return excluded ? `(${positive}) NOT (${excluded})` : positive;
}

/**
 * Runs one search on an open index. Every word is required; when no offer has them all, the offers
 * with the most of them are found instead (as Meilisearch's matching strategy or minimum_should_match).
 */
export function queryIndex(db: Database, search: TIndexSearch): TIndexSearchResult {
  const stages: TEngineStages = {};
  let last = performance.now();
  const mark = (name: keyof TEngineStages) => {
    const now = performance.now();
    stages[name] = (stages[name] ?? 0) + (now - last);
    last = now;
  };
  /** The facets of the matches (up to the cap), and the page's offers and their copies, each timed. */
  const answerOf = (rowids: number[], matches: number[]) => {
    const facets = facetCounterOf(db).count(matches.slice(0, RESULT_CAP));
    mark('facets');
    const offerIds = offerIdsOf(db, rowids);
    const { copies, copyKeys } = copiesOf(db, rowids);
    mark('ids');
    return { facets, offerIds, copies, copyKeys };
  };
  const { parsed, clauses, corrections, excluded, withExclusions } = compileWords(db, search);
  const page = { offset: search.offset, limit: search.limit };
  const correctedTerms = corrections.size > 0 ? correctTerms(search.terms, corrections) : null;
  mark('parse');

  if (clauses.length === 0) {
    const filter = filterSql(db, search.filter, 'list');
    // No word to look for: everything (but what an excluded word names), by the chosen order.
    const exclusion = excluded
      ? {
          sql: `${filter.sql} and d.rowid not in (select rowid from docs_fts where docs_fts match ?)`,
          params: [...filter.params, excluded],
          readsDocs: true,
          words: null,
        }
      : filter;
    const sort = search.sort === 'relevance' ? 'newest' : search.sort;
    const browsed = excluded ? null : browse(db, search.filter, sort, page);
    // The newest matches up to one past the cap: the total and what the facets count.
    const matches =
      browsed?.matches ??
      (prepare(
        db,
        `select d.rowid from docs d where 1 = 1${exclusion.sql} order by d.rowid desc limit ${RESULT_CAP + 1}`,
      )
        .pluck()
        .all(...exclusion.params) as number[]);
    const isTotalCapped = matches.length > RESULT_CAP;
    mark('match');
    const rowids = browsed?.rowids ?? sortedPage(db, null, exclusion, sort, page);
    mark('rank');
    const { facets, offerIds, copies, copyKeys } = answerOf(rowids, matches);
    return {
      offerIds,
      copies,
      copyKeys,
      total: Math.min(matches.length, RESULT_CAP),
      isTotalCapped,
      correctedTerms,
      matchedAllTerms: true,
      facets,
      areFacetCountsEstimated: isTotalCapped,
      stages,
    };
  }

  const queryTitleKeys = [parsed.titleKey, ...(correctedTerms ? [titleKey(correctedTerms.join(' '))] : [])];
  const levels: string[] = [clauses.map((clause) => clause.expression).join(' AND ')];
  for (let size = clauses.length - 1; size >= 1; size--) {
    const chosen = combinations(clauses, size, MAX_COMBINATIONS);
    if (!chosen) continue;
    levels.push(chosen.map((group) => `(${group.map((clause) => clause.expression).join(' AND ')})`).join(' OR '));
  }
  const filter = filterSql(db, search.filter, 'words');
  let expression = '';
  let window: TMatchWindow = { rowids: [], total: 0, isTotalCapped: false };
  let level = 0;
  for (; level < levels.length; level++) {
    expression = withExclusions(levels[level] ?? '');
    window = matchWindow(db, expression, filter);
    if (window.total > 0) break;
  }
  mark('match');
  if (window.total === 0) {
    return {
      offerIds: [],
      copies: [],
      total: 0,
      isTotalCapped: false,
      correctedTerms,
      matchedAllTerms: true,
      facets: emptyFacets(),
      areFacetCountsEstimated: false,
      stages,
    };
  }
  const { rowids, collapsedCopies } =
    search.sort === 'relevance'
      ? rankedPage(
          db,
          {
            all: expression,
            title: withExclusions(`{title} : (${levels[level] ?? ''})`),
            phrases: quotedPhrases(levels[level] ?? ''),
          },
          rankingFilters(filter, window),
          window,
          clauses,
          queryTitleKeys,
          page,
        )
      : { rowids: sortedPage(db, window.rowids.slice(0, RESULT_CAP), filter, search.sort, page), collapsedCopies: 0 };
  mark('rank');
  const { facets, offerIds, copies, copyKeys } = answerOf(rowids, window.rowids);
  return {
    offerIds,
    copies,
    copyKeys,
    // The copies shown as one result are one result: the pages end where the results do (a capped total
    // says "10,000+" either way).
    total: window.isTotalCapped ? window.total : window.total - collapsedCopies,
    isTotalCapped: window.isTotalCapped,
    correctedTerms,
    matchedAllTerms: level === 0,
    facets,
    areFacetCountsEstimated: window.isTotalCapped,
    stages,
  };
}

/**
 * For each search restricted to a few offers (`filter.offerIds`, as saved-search alerts restrict theirs to new
 * offers), those of them that have every word and pass the filter: what `queryIndex` answers when it reports
 * `matchedAllTerms`, and nothing when it does not. A full search reads each word's matches twice (to count and
 * to rank) and counts facets; this reads the matches at and above the offers' lowest rowid once. Only when two
 * matches are federated copies of one dataset, which a relevance search shows as one, does the search run in
 * full, on just those matches.
 */
export function matchEveryWord(db: Database, searches: TIndexSearch[]): string[][] {
  // The searches of a batch share their offers' array (a message to a search thread keeps that sharing).
  const restrictions = new Map<string[], { floor: number; wanted: Set<string> }>();
  return searches.map((search) => {
    const { clauses, withExclusions } = compileWords(db, search);
    const offerIds = search.filter.offerIds;
    if (clauses.length === 0 || offerIds === null) {
      const result = queryIndex(db, search);
      return result.matchedAllTerms ? result.offerIds : [];
    }
    let restriction = restrictions.get(offerIds);
    if (!restriction) {
      const floor = prepare(db, 'select min(rowid) from docs where offer_id in (select value from json_each(?))')
        .pluck()
        .get(JSON.stringify(offerIds)) as number | null;
      restriction = { floor: floor ?? Number.MAX_SAFE_INTEGER, wanted: new Set(offerIds) };
      restrictions.set(offerIds, restriction);
    }
    const { floor, wanted } = restriction;
    const filter = filterSql(db, { ...search.filter, offerIds: null }, 'test');
    const matches = (
      prepare(
        db,
        `select d.offer_id as offerId, d.copy_key as copyKey from docs_fts f cross join docs d on d.rowid = f.rowid
         where docs_fts match ? and f.rowid >= ?${filter.sql}`,
      ).all(withExclusions(clauses.map((clause) => clause.expression).join(' AND ')), floor, ...filter.params) as {
        offerId: string;
        copyKey: string | null;
      }[]
    ).filter((match) => wanted.has(match.offerId));
    const copyKeys = matches.flatMap((match) => (match.copyKey === null ? [] : [match.copyKey]));
    if (search.sort !== 'relevance' || new Set(copyKeys).size === copyKeys.length) {
      return matches.map((match) => match.offerId);
    }
    const result = queryIndex(db, {
      ...search,
      filter: { ...search.filter, offerIds: matches.map((match) => match.offerId) },
    });
    return result.matchedAllTerms ? result.offerIds : [];
  });
}

/** The filter's price range as conditions on `column` (`+d.price` keeps SQLite off the price index), with their parameters. */
function pushPriceRange(
  filter: Pick<TIndexFilter, 'minPrice' | 'maxPrice'>,
  column: string,
  conditions: string[],
  params: unknown[],
): void {
  if (filter.minPrice !== null) {
    conditions.push(`${column} >= ?`);
    params.push(filter.minPrice);
  }
  if (filter.maxPrice !== null) {
    conditions.push(`${column} <= ?`);
    params.push(filter.maxPrice);
  }
}
