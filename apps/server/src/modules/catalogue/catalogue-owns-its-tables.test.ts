import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One home per table: only the catalogue module writes SQL against the offers, datasets and distributions tables;
 * the other modules call its use cases. This test reads the server's source and fails on such SQL anywhere else,
 * so that no one adds it again.
 */

const SOURCE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TABLE = '(?:offers|datasets|distributions)';
/** Kysely's builders named with one of the tables, aliased or not: `selectFrom('offers as o')`. */
const BUILDER = new RegExp(
  `\\b(?:selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin|with|mergeInto)\\(\\s*['"\`]${TABLE}\\b`,
);
/** Raw SQL (the house writes it in lower case) naming one of the tables. */
const RAW_SQL = new RegExp(`\\b(?:from|join|update|into|truncate)\\s+${TABLE}\\b`);

/**
 * Files outside the catalogue that still query its tables, each with why. The list may only shrink: a file that no
 * longer does fails the test until it is taken off.
 */
const KNOWN: Record<string, string> = {
  'modules/alerts/digest-new-offers.ts':
    "takes queued matches and joins their offers' titles and states in one statement, PostgreSQL ordering them by title",
  'modules/alerts/notify-offer-changes.ts':
    'turns offer events into notifications joined to the offer and distribution they name, in one statement so that taking and writing commit together',
  'modules/entitlements/entitlements-repository.ts':
    "grants entitlements from the offers' time restrictions and reads access facts (owner, member, entitled) in one statement each",
  'modules/likes/likes-repository.ts':
    'adds or removes a like and counts it on offers.likes in one statement, exact under concurrent likes without a transaction',
  'modules/link-checker/link-check-repository.ts':
    "takes noted offers and records their distributions' checks in one statement, tuned to the indexes (see takeNotedOffers)",
  'modules/orders/sale-status-repository.ts':
    "reads an offer's first publisher with its members' organisation in one statement",
  'modules/search/evaluation/load-evaluation-corpus.ts':
    'lists offers with their harvest source; the search folders are being moved into one module on another branch',
  'modules/search/index/read-index-sources.ts':
    "the index's reader of the catalogue (streamed with a cursor); the search folders are being moved into one module on another branch",
};

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory())
      return ['node_modules', 'test', 'migrations'].includes(entry.name) ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** The source without its comments, which may well say "from offers" in prose. */
const withoutComments = (text: string): string => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

function filesWithCatalogueSql(): string[] {
  return sourceFiles(SOURCE)
    .map((file) => path.relative(SOURCE, file).split(path.sep).join('/'))
    .filter((file) => !file.startsWith('modules/catalogue/'))
    .filter((file) => {
      const text = withoutComments(readFileSync(path.join(SOURCE, file), 'utf8'));
      return BUILDER.test(text) || RAW_SQL.test(text);
    })
    .sort();
}

describe('the catalogue owns the offers, datasets and distributions tables', () => {
  const found = filesWithCatalogueSql();

  it('finds no SQL against them outside modules/catalogue but the known files', () => {
    expect(found.filter((file) => !(file in KNOWN))).toEqual([]);
  });

  it('lists as known only files that still query them (the list only shrinks)', () => {
    expect(Object.keys(KNOWN).filter((file) => !found.includes(file))).toEqual([]);
  });

  it('recognises such SQL', () => {
    expect(BUILDER.test(".selectFrom('offers as o')")).toBe(true);
    expect(BUILDER.test("eb.selectFrom('datasets as d')")).toBe(true);
    expect(RAW_SQL.test('update distributions set byte_size = 1')).toBe(true);
    expect(RAW_SQL.test('select 1 from offers o join datasets d on d.offer_id = o.id')).toBe(true);
    expect(BUILDER.test(".selectFrom('offer_likes')")).toBe(false);
    expect(RAW_SQL.test('insert into offer_events (offer_id)')).toBe(false);
  });
});
