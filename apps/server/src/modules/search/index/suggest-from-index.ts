import type { TSuggestion } from '@dsm/contracts';
import type { Database } from 'better-sqlite3';
import { titleKey } from '../analysis/title-key';
import { facetCounterOf } from './facet-counter';
import { wordTokens } from './query-index';

const KEYWORDS = 3;
const SUGGESTIONS = 8;
/** A shorter last word would make FTS5 merge the matches of too many words. */
const MIN_TITLE_PREFIX = 3;

const quote = (token: string): string => `"${token.replaceAll('"', '""')}"`;

/**
 * Completions of what is typed in the search bar: keywords starting with it, the most used first, then
 * titles holding its words with the last one completed (the newest first, one per distinct title).
 */
export function suggestFromIndex(db: Database, prefix: string): TSuggestion[] {
  const folded = titleKey(prefix);
  if (!folded) return [];
  const suggestions: TSuggestion[] = facetCounterOf(db)
    .completeKeyword(folded, KEYWORDS)
    .map((text) => ({ kind: 'keyword', text }));
  const words = folded.split(' ');
  const last = words[words.length - 1] as string;
  if ([...last].length >= MIN_TITLE_PREFIX) {
    const complete = wordTokens(last).map((token) => `${quote(token)}*`);
    const whole = words.slice(0, -1).map((word) => `(${wordTokens(word).map(quote).join(' OR ')})`);
    const expression = `{title} : (${[...whole, `(${complete.join(' OR ')})`].join(' AND ')})`;
    const titles = db
      .prepare(
        `select d.title, d.title_key from docs_fts f cross join docs d on d.rowid = f.rowid
         where docs_fts match ? order by f.rowid desc limit 50`,
      )
      .raw()
      .all(expression) as [string, string][];
    const seen = new Set<string>();
    for (const [title, key] of titles) {
      if (seen.has(key) || suggestions.length >= SUGGESTIONS) continue;
      seen.add(key);
      suggestions.push({ kind: 'title', text: title });
    }
  }
  return suggestions.slice(0, SUGGESTIONS);
}
