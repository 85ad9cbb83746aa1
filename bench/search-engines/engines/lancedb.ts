// Candidate d: LanceDB's full-text index (an embedded columnar store with an inverted index per column, BM25
// scoring). Each word must occur in one of title, keywords and description, scored with the same boosts as
// the other candidates; a phrase must stand within one column. Filters are SQL predicates on stored columns.
// The caller sets LANCE_CPU_THREADS=4: with the default on 2 cores, building a positional index deadlocks.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import {
  BooleanQuery,
  connect,
  type FullTextQuery,
  Index,
  MultiMatchQuery,
  Occur,
  PhraseQuery,
  type Table,
} from '@lancedb/lancedb';
import { batches, ENGINES_DATA_DIR, type TEngineDoc } from '../corpus';
import { COUNT_CAP, PAGE_SIZE, type TEngine, type TEngineResult } from '../engine';
import type { TEngineQuery } from '../queries';

const TEXT_COLUMNS = ['title', 'keywords', 'description'];
const BOOSTS = [10, 4, 1];

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
/** A set of values stored as one string, `|a|b|`, so membership is a LIKE. */
const asSet = (values: string[]) => `|${values.map((value) => value.replaceAll('|', ' ')).join('|')}|`;
const memberOf = (column: string, values: string[]) =>
  `(${values.map((value) => `${column} like ${literal(`%|${value.replaceAll('|', ' ')}|%`)}`).join(' or ')})`;

function filterPredicate(query: TEngineQuery): string | undefined {
  const parts: string[] = [];
  if (query.categories) parts.push(memberOf('category_set', query.categories));
  if (query.keywords) parts.push(memberOf('keyword_set', query.keywords));
  if (query.minPrice !== undefined) parts.push(`price >= ${query.minPrice}`);
  if (query.maxPrice !== undefined) parts.push(`price <= ${query.maxPrice}`);
  return parts.length > 0 ? parts.join(' and ') : undefined;
}

function textQuery(query: TEngineQuery): FullTextQuery {
  if (query.isPhrase) {
    const phrase = query.words.join(' ');
    return new BooleanQuery(TEXT_COLUMNS.map((column) => [Occur.Should, new PhraseQuery(phrase, column)]));
  }
  const perWord = query.words.map((word) => new MultiMatchQuery(word, TEXT_COLUMNS, { boosts: BOOSTS }));
  if (perWord.length === 1) return perWord[0]!;
  return new BooleanQuery(perWord.map((word) => [Occur.Must, word]));
}

/** LanceDB with its database folder under .data/search-engines. */
export function lanceDb(count: number): TEngine {
  const folder = path.join(ENGINES_DATA_DIR, `lancedb-${count}`);
  let table: Table | undefined;

  async function search(query: TEngineQuery): Promise<TEngineResult> {
    if (!table) throw new Error('LanceDB is not built');
    const predicate = filterPredicate(query);
    if (query.words.length === 0) {
      // A plain scan cannot be ordered: every passing seq is read and the newest kept.
      const rows = (await table
        .query()
        .where(predicate ?? 'true')
        .select(['seq'])
        .toArray()) as { seq: bigint | number }[];
      const seqs = rows.map((row) => Number(row.seq)).sort((a, b) => b - a);
      return { seqs: seqs.slice(0, PAGE_SIZE), total: Math.min(seqs.length, COUNT_CAP) };
    }
    // One pass gives both: the best COUNT_CAP by score, of which the first ten are the page.
    let search = table.query().fullTextSearch(textQuery(query));
    if (predicate) search = search.where(predicate);
    // `_score` named, as LanceDB will stop adding it unasked (and warns on every query until then).
    const rows = (await search.select(['seq', '_score']).limit(COUNT_CAP).toArray()) as { seq: bigint | number }[];
    return { seqs: rows.slice(0, PAGE_SIZE).map((row) => Number(row.seq)), total: rows.length };
  }

  return {
    async build(docs: AsyncIterable<TEngineDoc>) {
      rmSync(folder, { recursive: true, force: true });
      const db = await connect(folder);
      for await (const batch of batches(docs, 50_000)) {
        const rows = batch.map((doc) => ({
          seq: doc.seq,
          title: doc.title,
          keywords: doc.keywords.join(' ; '),
          description: doc.description,
          price: doc.price,
          category_set: asSet(doc.categories),
          keyword_set: asSet(doc.keywords),
        }));
        if (table) await table.add(rows);
        else table = await db.createTable('offers', rows, { mode: 'overwrite' });
      }
      if (!table) throw new Error('The corpus is empty');
      for (const column of TEXT_COLUMNS) {
        await table.createIndex(column, {
          config: Index.fts({
            withPosition: true,
            asciiFolding: true,
            lowercase: true,
            stem: false,
            removeStopWords: false,
          }),
        });
      }
      const indices = await table.listIndices();
      await table.waitForIndex(
        indices.map((index) => index.name),
        3600,
      );
    },
    modes: () => [{ label: 'LanceDB 0.31 FTS (BM25, best 10,001 by score)', search, concurrency: 8 }],
    measure: async () => ({ bytesOnDisk: Number(execFileSync('du', ['-sb', folder]).toString().split('\t')[0]) }),
    close: async () => {
      table?.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
