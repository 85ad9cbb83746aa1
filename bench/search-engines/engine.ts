// What a candidate search engine offers the comparison: build once from the corpus, then answer queries.
import type { TEngineDoc } from './corpus';
import type { TEngineQuery } from './queries';

/** The documents allowed in a count before it stops: the product shows "more than 10,000". */
export const COUNT_CAP = 10_001;
export const PAGE_SIZE = 10;

/** One answer: the top ten `seq`s by the engine's relevance and the number of matches up to COUNT_CAP. */
export type TEngineResult = { seqs: number[]; total: number };

/** One way of answering on a built index (an engine may rank in more than one). */
export type TEngineMode = {
  /** The row label in the report. */
  label: string;
  search: (query: TEngineQuery) => Promise<TEngineResult>;
  /** How many searches this mode can usefully run at once. */
  concurrency?: number;
};

export type TEngineMeasures = {
  /** Bytes the built index takes on disk (0 for an engine held in memory). */
  bytesOnDisk: number;
  /** Resident memory outside this process that the engine holds (a database server's backends), MiB. */
  serverRssMb?: number;
};

export type TEngine = {
  build: (docs: AsyncIterable<TEngineDoc>) => Promise<void>;
  modes: () => TEngineMode[];
  measure: () => Promise<TEngineMeasures>;
  close: () => Promise<void>;
};

/** The engines of the comparison, by the name given on the command line. */
export const ENGINE_NAMES = ['pg-today', 'pg-narrow', 'sqlite-fts5'] as const;
export type TEngineName = (typeof ENGINE_NAMES)[number];
