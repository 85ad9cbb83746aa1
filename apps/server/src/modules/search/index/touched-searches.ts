import type { Database, Statement } from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import { wordsExpression } from './query-index';
import type { TIndexSearch } from './search-index';

/**
 * A kept answer to check against new offers: its search (as the kept answers' key, JSON) and whether an offer
 * changes it by having every word of it (`every`: it found offers with all its words) or any (`any`: it found offers
 * with some of them only, or none).
 */
export type TKeptSearchCheck = { key: string; mode: 'every' | 'any' };

/** Expressions kept per search and mode; a search's expression stays the same until the next build. */
const MAX_EXPRESSIONS = 20_000;

type TChecker = { expressions: LRUCache<string, string>; hasMatchFrom: Statement };

const checkers = new WeakMap<Database, TChecker>();

function checkerOf(db: Database): TChecker {
  let checker = checkers.get(db);
  if (!checker) {
    checker = {
      expressions: new LRUCache({ max: MAX_EXPRESSIONS }),
      hasMatchFrom: db.prepare('select 1 from docs_fts where docs_fts match ? and rowid >= ? limit 1').pluck(),
    };
    checkers.set(db, checker);
  }
  return checker;
}

/**
 * The kept searches whose answers new offers change: those that match one of the offers from rowid `firstNew` on
 * (all of them new, read on the connection that wrote them), and those whose words cannot be checked so (no words,
 * or a word typo correction looks at). Filters beside words are not looked at: a search they would keep apart is
 * counted as changed, which costs a search again and never a stale answer. One FTS5 lookup per distinct expression,
 * from `firstNew` on: the new offers are the newest rowids.
 */
export function touchedSearches(db: Database, checks: readonly TKeptSearchCheck[], firstNew: number): string[] {
  const checker = checkerOf(db);
  const matched = new Map<string, boolean>();
  const touched: string[] = [];
  for (const { key, mode } of checks) {
    const memo = `${mode}\u0000${key}`;
    let expression = checker.expressions.get(memo) ?? null;
    if (expression === null) {
      const search = JSON.parse(key) as TIndexSearch;
      expression = search.filter.offerIds === null ? wordsExpression(db, search, mode) : null;
      if (expression === null) {
        touched.push(key);
        continue;
      }
      checker.expressions.set(memo, expression);
    }
    let isMatched = matched.get(expression);
    if (isMatched === undefined) {
      try {
        isMatched = checker.hasMatchFrom.get(expression, firstNew) !== undefined;
      } catch {
        // An expression FTS5 refuses: the search is asked again, which tells its user what is wrong.
        isMatched = true;
      }
      matched.set(expression, isMatched);
    }
    if (isMatched) touched.push(key);
  }
  return touched;
}
