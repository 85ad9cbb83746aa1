import { rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { threadCpuMs } from '../../../lib/thread-cpu';
import { createWorkerPool, type TWorkerPool } from '../../../lib/worker-pool/worker-pool';
import { analyzeBatch, type TAnalyzedBatch } from './analyze-batch';
import { IndexBuildWriter, type TBuildStep, type TStepTime } from './index-build-writer';
import type { TIndexSource } from './index-documents';
import { readAllIndexSources } from './read-index-sources';

const BUILD_BATCH = 2_000;
/** Analysis threads at most: beyond the writer's pace more threads only hold more batches in memory. */
const MOST_ANALYSIS_THREADS = 4;

export type TBuiltIndex = {
  file: string;
  /** The outbox position of the build's snapshot (an xid8): it holds the changes of every row below it. */
  horizon: string;
};

/** Where a full build's time went: per step, CPU of the threads that ran it and wall time, in ms. */
export type TBuildReport = {
  offers: number;
  words: number;
  wallMs: number;
  analysisThreads: number;
  /**
   * `read`: the writer's thread waiting for the next analysed batch (wall) and its CPU outside the steps
   * below (reading rows, taking batches from the analysis threads); `analysis`: CPU of the analysing threads.
   */
  steps: Record<'read' | 'analysis' | TBuildStep, TStepTime>;
};

/** Analysis threads of a build on this machine: one per core, the writer's thread and PostgreSQL sharing them. */
export function defaultAnalysisThreads(): number {
  return Math.max(1, Math.min(MOST_ANALYSIS_THREADS, availableParallelism()));
}

/**
 * Writes a new index file from batches of offers in their rowid order. Batches are analysed on `analysisThreads`
 * worker threads (0: on this thread) while the next are read and earlier ones written, so reading, analysing and
 * writing overlap (the first batch is analysed on this thread); at most `analysisThreads + 1` batches wait between reading and writing.
 */
export async function writeIndexFile(options: {
  file: string;
  batches: AsyncIterator<TIndexSource[]>;
  generation: string;
  analysisThreads: number;
  log?: (line: string) => void;
}): Promise<TBuildReport> {
  const started = performance.now();
  const startedCpu = threadCpuMs();
  const writer = new IndexBuildWriter(options.file);
  // A catalogue of one batch (tests, a new installation) is analysed here: starting threads would cost more.
  let pool: TWorkerPool | null = null;
  let batchesRead = 0;
  let analysedHereMs = 0;
  const analyze = (sources: TIndexSource[]): Promise<TAnalyzedBatch> => {
    batchesRead++;
    if (options.analysisThreads === 0 || batchesRead === 1) {
      const analysed = analyzeBatch(sources);
      analysedHereMs += analysed.cpuMs;
      return Promise.resolve(analysed);
    }
    pool ??= createWorkerPool({
      entry: new URL('./analyze-batch-task.ts', import.meta.url),
      size: options.analysisThreads,
      idleMs: 1_000,
      name: 'search index analysis',
    });
    return pool.run<TAnalyzedBatch>(sources);
  };
  const inFlight: Promise<TAnalyzedBatch>[] = [];
  const mostInFlight = options.analysisThreads + 1;
  let analysisCpuMs = 0;
  let waitedMs = 0;
  try {
    // The next batch is asked for before the ones read are written, so that PostgreSQL reads it (and computes
    // its formats, licences and publishers) meanwhile.
    let next = options.batches.next();
    next.catch(() => {}); // awaited below; a failure there is thrown from the loop
    let isRead = false;
    for (;;) {
      const waitStarted = performance.now();
      while (!isRead && inFlight.length < mostInFlight) {
        const read = await next;
        if (read.done) {
          isRead = true;
          break;
        }
        next = options.batches.next();
        next.catch(() => {});
        const analysed = analyze(read.value);
        analysed.catch(() => {}); // awaited in turn below
        inFlight.push(analysed);
      }
      const head = inFlight.shift();
      if (!head) break;
      const batch = await head;
      waitedMs += performance.now() - waitStarted;
      analysisCpuMs += batch.cpuMs;
      const before = writer.count;
      writer.add(batch);
      if (Math.floor(writer.count / 100_000) > Math.floor(before / 100_000)) {
        options.log?.(`Search index: ${writer.count} offers indexed`);
      }
    }
    await (pool as TWorkerPool | null)?.close();
    writer.finish(options.generation);
  } catch (error) {
    // Ends the read (and releases its connection) after the batch asked for ahead settles.
    void options.batches.return?.(undefined)?.catch(() => {});
    await (pool as TWorkerPool | null)?.close();
    writer.abandon();
    rmSync(options.file, { force: true });
    throw error;
  }
  const steps = Object.fromEntries(writer.steps) as Record<TBuildStep, TStepTime>;
  const stepsCpuMs = Object.values(steps).reduce((sum, step) => sum + step.cpuMs, 0);
  const report: TBuildReport = {
    offers: writer.count,
    words: writer.wordCount,
    wallMs: performance.now() - started,
    analysisThreads: options.analysisThreads,
    steps: {
      read: { cpuMs: threadCpuMs() - startedCpu - stepsCpuMs - analysedHereMs, wallMs: waitedMs },
      analysis: { cpuMs: analysisCpuMs, wallMs: 0 },
      ...steps,
    },
  };
  options.log?.(describeBuild(report));
  return report;
}

/** The build's log line: its time, and CPU per 1,000 offers of each step. */
export function describeBuild(report: TBuildReport): string {
  const per1000 = (ms: number) => (report.offers > 0 ? (ms / report.offers) * 1000 : 0).toFixed(1);
  const steps = Object.entries(report.steps)
    .map(([step, time]) => `${step} ${per1000(time.cpuMs)}`)
    .join(', ');
  return (
    `Search index built: ${report.offers} offers, ${report.words} words in ${(report.wallMs / 1000).toFixed(1)} s ` +
    `(${report.analysisThreads} analysis threads; CPU ms per 1,000 offers: ${steps})`
  );
}

/**
 * Builds an index file in `dir` from every active offer, marked with the catalogue's generation. Changes
 * made during the build stay queued in the outbox and are applied afterwards from the build's `horizon` (those
 * the build already read are applied again, which changes nothing).
 */
export async function buildIndexFile(options: {
  dir: string;
  pool: pg.Pool;
  generation: string;
  /** Worker threads analysing offers (0: the calling thread); one per core by default. */
  analysisThreads?: number;
  log?: (line: string) => void;
}): Promise<TBuiltIndex> {
  const file = path.join(options.dir, `index-${Date.now()}-${process.pid}.sqlite`);
  let horizon = '0';
  const batches = readAllIndexSources(options.pool, BUILD_BATCH, (position) => {
    horizon = position;
  });
  await writeIndexFile({
    file,
    batches,
    generation: options.generation,
    analysisThreads: options.analysisThreads ?? defaultAnalysisThreads(),
    log: options.log,
  });
  return { file, horizon };
}
