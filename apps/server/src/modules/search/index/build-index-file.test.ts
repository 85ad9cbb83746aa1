import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { analyzeText } from '../analysis/analyze-text';
import { titleKey } from '../analysis/title-key';
import { addWords } from '../analysis/typo-vocabulary';
import { writeIndexFile } from './build-index-file';
import { FacetCounter } from './facet-counter';
import { readFacetSnapshot, writeFacetSnapshot } from './facet-snapshot';
import { type TIndexSource, toIndexDocument, writeDocuments } from './index-documents';
import { createIndexSchema, readMeta } from './index-schema';

const TITLES = ['Luftqualität Köln', 'Air quality in Lyon', '臺北市 空氣品質', 'Straßenbäume Berlin', 'Bus stops'];
const LANGUAGES = ['de', 'en', 'zh', 'de', 'en'];

/** Offers of several languages and scripts, with shared and distinct words, facets and copies. */
const sources: TIndexSource[] = Array.from({ length: 230 }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  title: `${TITLES[i % 5]} ${i % 7 === 0 ? '' : i}`,
  description: `Messungen und Berichte ${i % 3 === 0 ? 'der Stadtwerke über die Jahre' : `Nummer ${i}`} n°${i % 11}`,
  language: LANGUAGES[i % 5] as string,
  keywords: [`keyword ${i % 13}`, i % 2 ? 'Umwelt' : 'environment'],
  categories: [i % 2 ? 'ENVIRONMENT' : 'TRANSPORT'],
  price: i % 4,
  modified: i % 9 === 0 ? null : new Date(Date.UTC(2024, 0, 1 + i)),
  paymentModel: i % 4 ? 'PAY_PER_USE' : 'FREE_OF_CHARGE',
  formats: i % 3 ? ['CSV', 'JSON'] : ['CSV'],
  licences: ['CC-BY-4.0'],
  publishers: [`City ${i % 17}`],
  hasWorkingEndpoint: i % 5 === 0,
}));

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function newFile(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'build-index-file-'));
  dirs.push(dir);
  return path.join(dir, 'index.sqlite');
}

async function* inBatches(size: number): AsyncGenerator<TIndexSource[]> {
  for (let start = 0; start < sources.length; start += size) yield sources.slice(start, start + size);
}

/** The same offers written one by one, as the outbox writes changes, with the words counted as a build counts them. */
function writtenOneByOne(): Database.Database {
  const db = new Database(newFile());
  createIndexSchema(db);
  const documents = sources.map(toIndexDocument);
  writeDocuments(db, documents, [], { countWords: false });
  const words = new Map<string, number>();
  for (const document of documents) for (const word of document.words) words.set(word, (words.get(word) ?? 0) + 1);
  addWords(db, words);
  writeFacetSnapshot(db, new FacetCounter(db).snapshot());
  return db;
}

/** What searches read of an index: every row of its tables and every word FTS5 holds, with its positions. */
function contentsOf(db: Database.Database) {
  db.exec("create virtual table temp.fts_instances using fts5vocab(main, 'docs_fts', 'instance')");
  const rows = (query: string) => db.prepare(query).raw().all();
  return {
    docs: rows(
      'select rowid, offer_id, title, title_key, modified, price, copy_key, has_working_endpoint from docs order by rowid',
    ),
    facets: rows('select doc, kind, value from doc_facets order by doc, kind, value'),
    words: rows('select id, word, documents from vocab_words order by id'),
    keys: rows('select key, word_id from vocab_keys order by key, word_id'),
    text: rows('select term, doc, col, offset from temp.fts_instances order by term, doc, col, offset'),
    snapshot: readFacetSnapshot(db),
  };
}

describe('a full build', () => {
  it.each([0, 2])(
    'writes what the changes of the same offers write, analysed on %i threads',
    async (threads) => {
      const file = newFile();
      const report = await writeIndexFile({ file, batches: inBatches(40), generation: 'g1', analysisThreads: threads });
      const built = new Database(file, { readonly: true });
      const expected = writtenOneByOne();
      expect(report.offers).toBe(sources.length);
      const contents = contentsOf(built);
      expect(contents.text.length).toBeGreaterThan(sources.length);
      expect(contents.words.length).toBeGreaterThan(0);
      expect(contents).toEqual(contentsOf(expected));
      expect(readMeta(built, 'generation')).toBe('g1');
      expect(readMeta(built, 'complete')).toBe('true');
      built.close();
    },
    30_000,
  );

  it('analyses each text of an offer as a search reads it: stemmed tokens, title key and words', () => {
    for (const source of sources) {
      const document = toIndexDocument(source);
      const keywordText = source.keywords.join(' ; ');
      expect(document.titleTokens).toBe(analyzeText(source.title, source.language).join(' '));
      expect(document.keywordTokens).toBe(analyzeText(keywordText, source.language).join(' '));
      expect(document.descriptionTokens).toBe(analyzeText(source.description, source.language).join(' '));
      expect(document.titleKey).toBe(titleKey(source.title));
      const words = [source.description, source.title, keywordText].flatMap((text) => titleKey(text).split(' '));
      expect(document.words).toEqual([...new Set(words.filter((word) => word.length > 0))]);
    }
  });
});
