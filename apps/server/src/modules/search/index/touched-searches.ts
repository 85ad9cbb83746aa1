import type { Database, Statement } from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import type { TIndexTexts } from './index-documents';
import { FTS_COLUMNS, FTS_TOKENIZE } from './index-schema';
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

type TChecker = {
  expressions: LRUCache<string, string>;
  insertNew: Statement;
  clearNew: Statement;
  hasMatch: Statement;
};

const checkers = new WeakMap<Database, TChecker>();

/**
 * The writer's checks, on its own connection. The new offers' words go into a temporary FTS5 table of their own,
 * with the columns and tokenizer of `docs_fts`, so that an expression matches one of them there exactly when it
 * matches it in the index; looked up among a batch's few hundred offers instead of in the index's lists of a
 * million, a check costs microseconds where common words cost milliseconds (docs/performance.md, "Kept answers
 * checked against a batch's own offers").
 */
function checkerOf(db: Database): TChecker {
  let checker = checkers.get(db);
  if (!checker) {
    db.exec(`create virtual table if not exists temp.new_docs_fts using fts5(${FTS_COLUMNS}, ${FTS_TOKENIZE})`);
    checker = {
      expressions: new LRUCache({ max: MAX_EXPRESSIONS }),
      insertNew: db.prepare('insert into temp.new_docs_fts (title, keywords, description) values (?, ?, ?)'),
      clearNew: db.prepare('delete from temp.new_docs_fts'),
      hasMatch: db.prepare('select 1 from temp.new_docs_fts where new_docs_fts match ? limit 1').pluck(),
    };
    checkers.set(db, checker);
  }
  return checker;
}

/**
 * The kept searches whose answers new offers change: those that match one of the offers just added (`added`, their
 * texts as written to the index), and those whose words cannot be checked so (no words, or a word typo correction
 * looks at). Filters beside words are not looked at: a search they would keep apart is counted as changed, which
 * costs a search again and never a stale answer. One FTS5 lookup per distinct expression, among the added offers only.
 */
export function touchedSearches(
  db: Database,
  checks: readonly TKeptSearchCheck[],
  added: readonly TIndexTexts[],
): string[] {
  const checker = checkerOf(db);
  db.transaction(() => {
    checker.clearNew.run();
    for (const texts of added) checker.insertNew.run(texts.titleTokens, texts.keywordTokens, texts.descriptionTokens);
  })();
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
        isMatched = checker.hasMatch.get(expression) !== undefined;
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
