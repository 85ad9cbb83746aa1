// The corpus every engine is built from: the realistic benchmark corpus, reduced to the fields a search
// engine indexes, sorted by modification date and numbered in that order (`seq`), written once per size to
// an NDJSON file that each engine's process streams. One file, so every engine reads the same documents.
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { root } from '../lib/bench-server';
import { generateRealisticOffers } from '../lib/realistic-corpus/generate-realistic-offers';

/** One document as every engine receives it. */
export type TEngineDoc = {
  /** 1..n in order of modification date (ties in generation order): the newest document has the highest. */
  seq: number;
  /** The offer's UUID. */
  id: string;
  title: string;
  description: string;
  keywords: string[];
  categories: string[];
  price: number;
  /** Milliseconds since the epoch. */
  modified: number;
  language: string;
};

export const ENGINES_DATA_DIR = path.join(root, '.data', 'search-engines');

export const corpusPath = (count: number): string => path.join(ENGINES_DATA_DIR, `corpus-${count}.ndjson`);

/**
 * Writes the corpus of `count` offers unless it is already there. The whole corpus is held once in memory to
 * sort it by modification date, which is the order the capped engines rank within.
 */
export async function ensureCorpus(count: number): Promise<{ file: string; seconds: number; reused: boolean }> {
  const file = corpusPath(count);
  if (existsSync(file)) return { file, seconds: 0, reused: true };
  await mkdir(ENGINES_DATA_DIR, { recursive: true });
  const started = performance.now();
  const docs: Omit<TEngineDoc, 'seq'>[] = [];
  for (const offer of generateRealisticOffers({ count })) {
    docs.push({
      id: offer.id,
      title: offer.title,
      description: offer.description,
      keywords: offer.keywords,
      categories: offer.categories,
      price: offer.price,
      modified: offer.datasets[0]?.modified?.getTime() ?? 0,
      language: offer.language,
    });
  }
  // Stable: equal dates keep generation order.
  docs.sort((a, b) => a.modified - b.modified);
  const partial = `${file}.partial`;
  const out = createWriteStream(partial);
  for (let i = 0; i < docs.length; i++) {
    const line = `${JSON.stringify({ seq: i + 1, ...docs[i] })}\n`;
    if (!out.write(line)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  await rename(partial, file);
  return { file, seconds: (performance.now() - started) / 1000, reused: false };
}

/** Streams the corpus file in `seq` order. */
export async function* readCorpus(file: string): AsyncGenerator<TEngineDoc> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) {
    if (line.length > 0) yield JSON.parse(line) as TEngineDoc;
  }
}

/** Groups a stream into arrays of `size`, for engines that load in batches. */
export async function* batches<T>(items: AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const item of items) {
    batch.push(item);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
