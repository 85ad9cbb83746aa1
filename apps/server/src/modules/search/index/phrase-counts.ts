import type { Database } from 'better-sqlite3';

/**
 * How long a phrase's count of matching offers is kept. Counts move slowly (a harvest of 10,000 offers moves a common
 * word's IDF by a fraction of a percent), so ranking may use one a few minutes old.
 */
const COUNT_TTL_MS = 10 * 60_000;
/** Phrases whose counts a connection keeps (the newest counted; about 100 bytes each). */
const MAX_COUNTS = 50_000;

type TCount = { count: number; countedAt: number };
const counts = new WeakMap<Database, Map<string, TCount>>();

/** The phrases of an FTS5 expression written as quoted strings (the words of a search), as their text. */
export function quotedPhrases(expression: string): string[] {
  return [
    ...new Set([...expression.matchAll(/"((?:[^"]|"")*)"/g)].map((match) => (match[1] ?? '').replaceAll('""', '"'))),
  ];
}

/**
 * Each phrase with the number of offers it matches, as bm25() counts them for its IDF: counted once, kept for
 * COUNT_TTL_MS, so that ranking reads only the matches it scores. A phrase FTS5 cannot parse is left out (the
 * ranking function then counts it itself).
 */
export function phraseCounts(db: Database, phrases: string[], now = Date.now()): [phrase: string, count: number][] {
  let kept = counts.get(db);
  if (!kept) {
    kept = new Map();
    counts.set(db, kept);
  }
  const result: [string, number][] = [];
  for (const phrase of phrases) {
    let entry = kept.get(phrase);
    if (!entry || now - entry.countedAt > COUNT_TTL_MS) {
      try {
        const count = db
          .prepare('select count(*) from docs_fts where docs_fts match ?')
          .pluck()
          .get(`"${phrase.replaceAll('"', '""')}"`) as number;
        entry = { count, countedAt: now };
      } catch {
        continue;
      }
      kept.delete(phrase);
      kept.set(phrase, entry);
      if (kept.size > MAX_COUNTS) kept.delete(kept.keys().next().value as string);
    }
    result.push([phrase, entry.count]);
  }
  return result;
}
