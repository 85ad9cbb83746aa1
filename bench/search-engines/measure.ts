// How one built engine is measured: the query log once, one query at a time; a replay of the log at 8
// queries in flight; the title sample (is the document among the first ten?).
import { percentile } from '../lib/bench-server';
import { replayOrder, type TQueryClass } from '../lib/query-log';
import type { TEngineMode } from './engine';
import type { TClassedQuery, TTitleProbe } from './queries';

export const CONCURRENCY = 8;

export type TLatencies = { p50: number; p99: number; mean: number };

export type TModeMeasures = {
  label: string;
  single: TLatencies & { queries: number; errors: number; zeroShare: number };
  perClass: Partial<Record<TQueryClass, TLatencies & { queries: number; zeroShare: number }>>;
  concurrent: TLatencies & { queries: number; perSecond: number; errors: number };
  hitAt10: { share: number; titles: number };
  firstError?: string;
};

function latencies(milliseconds: number[]): TLatencies {
  const sorted = [...milliseconds].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, value) => sum + value, 0) / Math.max(1, sorted.length);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), mean };
}

export type TMeasureModeOptions = {
  mode: TEngineMode;
  log: TClassedQuery[];
  titles: TTitleProbe[];
  /** Searches replayed at CONCURRENCY in flight. */
  replayLength: number;
};

/** Measures one mode of a built engine. */
export async function measureMode({ mode, log, titles, replayLength }: TMeasureModeOptions): Promise<TModeMeasures> {
  let firstError: string | undefined;
  const note = (error: unknown) => {
    firstError ??= String(error);
  };

  const single: number[] = [];
  const byClass = new Map<TQueryClass, { times: number[]; zero: number }>();
  let errors = 0;
  let zero = 0;
  for (const { query, queryClass } of log) {
    const started = performance.now();
    try {
      const result = await mode.search(query);
      const elapsed = performance.now() - started;
      single.push(elapsed);
      const entry = byClass.get(queryClass) ?? { times: [], zero: 0 };
      entry.times.push(elapsed);
      if (result.total === 0) {
        zero++;
        entry.zero++;
      }
      byClass.set(queryClass, entry);
    } catch (error) {
      errors++;
      note(error);
    }
  }

  const order = replayOrder(log.length, replayLength);
  const concurrent: number[] = [];
  let concurrentErrors = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < order.length) {
        const { query } = log[order[next++]!]!;
        const queryStarted = performance.now();
        try {
          await mode.search(query);
          concurrent.push(performance.now() - queryStarted);
        } catch (error) {
          concurrentErrors++;
          note(error);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;

  let hits = 0;
  for (const probe of titles) {
    try {
      const result = await mode.search(probe.query);
      if (result.seqs.includes(probe.seq)) hits++;
    } catch (error) {
      note(error);
    }
  }

  const perClass: TModeMeasures['perClass'] = {};
  for (const [queryClass, { times, zero: none }] of byClass) {
    perClass[queryClass] = { ...latencies(times), queries: times.length, zeroShare: none / times.length };
  }
  return {
    label: mode.label,
    single: { ...latencies(single), queries: single.length, errors, zeroShare: zero / Math.max(1, single.length) },
    perClass,
    concurrent: {
      ...latencies(concurrent),
      queries: concurrent.length,
      perSecond: concurrent.length / seconds,
      errors: concurrentErrors,
    },
    hitAt10: { share: hits / Math.max(1, titles.length), titles: titles.length },
    ...(firstError ? { firstError } : {}),
  };
}
