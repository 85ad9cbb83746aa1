import { randomUUID } from 'node:crypto';
import type { THarvestCounts, THarvestFormat } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { LICENCE_CATALOGUE } from '../catalogue/licence-catalogue';
import type { TOfferRecord } from '../catalogue/offer-record';
import { listLicences } from '../licences/list-licences';
import type { TRetryOptions } from './fetch-with-retry';
import {
  findResumableRun,
  findSource,
  findStoredRecords,
  finishRun,
  insertRun,
  markRunResumed,
  removeUnseenRecords,
  type TRecordFailure,
} from './harvest-repository';
import type { THarvestedDataset } from './harvested-dataset';
import { readAhead } from './read-ahead';
import { readSource, type TSourceItem } from './read-source';
import { contentHash, createLicenceMatcher, toOfferRecord } from './to-offer-record';
import { type THarvestBatch, writeHarvestBatch } from './write-harvest-batch';

/** Records per transaction: a failed run resumes after the last committed batch. */
const BATCH_SIZE = 500;
/**
 * Batches written at the same time, each on a connection of its own: PostgreSQL computes the search
 * vectors of one batch while the next is read and mapped and others are written. Three keep two cores
 * busier than two (about 3% more records/s at 20x); callers need a pool of at least four connections.
 */
const BATCHES_IN_FLIGHT = 3;
/** Failures kept with a run for the operator; all are logged. */
const MAX_KEPT_FAILURES = 500;

export type THarvestLogEvent =
  | { event: 'record-failed'; identifier: string | null; reason: string }
  | { event: 'retry'; attempt: number; reason: string }
  | { event: 'progress'; processed: number; counts: THarvestCounts };

export type TRunHarvestOptions = {
  db: TDb;
  /** The source's id or name. */
  source: string;
  /** Structured events: failures, retries and progress after each batch. */
  onEvent?: (event: THarvestLogEvent) => void;
  retry?: TRetryOptions;
  /** Packages per page of a CKAN API source. */
  pageSize?: number;
};

export type THarvestRunResult = {
  runId: string;
  status: 'succeeded' | 'failed';
  counts: THarvestCounts;
  error: string | null;
  /** True when the run continued an interrupted one. */
  isResumed: boolean;
};

/** Thrown when no source has the id or name asked for. */
export class UnknownSourceError extends Error {}

const emptyCounts = (): THarvestCounts => ({
  created: 0,
  updated: 0,
  unchanged: 0,
  removed: 0,
  failed: 0,
  duplicates: 0,
});

/**
 * Harvests one source into the catalogue, incrementally: records new to the source become offers,
 * changed ones update their offer in place (same id, so likes stay), unchanged ones are only marked as
 * seen, and when the source has been read to its end the records it no longer holds are soft-deleted
 * (state REMOVED: gone from search, back if they reappear). An identifier repeating inside the source is
 * taken once. A bad record is logged and skipped. Each batch commits with the run's resume point, so a
 * run stopped by a network failure continues where it stopped the next time it is started.
 */
export async function runHarvest(options: TRunHarvestOptions): Promise<THarvestRunResult> {
  const { db } = options;
  const emit = options.onEvent ?? (() => {});
  const source = await findSource(db, options.source);
  if (!source) throw new UnknownSourceError(`No harvest source ${options.source}`);

  const resumable = await findResumableRun(db, source.id);
  const runId = resumable?.id ?? randomUUID();
  const counts = resumable ? { ...emptyCounts(), ...resumable.counts } : emptyCounts();
  let processed = resumable?.resume_after ?? 0;
  if (resumable) await markRunResumed(db, runId);
  else await insertRun(db, runId, source.id);

  // The built-in catalogue too, so matching works before the licences are seeded.
  const matchLicence = createLicenceMatcher([...(await listLicences(db)), ...LICENCE_CATALOGUE]);
  let kept = 0;
  let batch: TSourceItem[] = [];
  /** Counts as of the last committed batch: what a failed run reports. */
  let committed = { ...counts };
  /** Identifiers of the batches that may not be committed yet: the database cannot tell their duplicates. */
  const recentIdentifiers: Set<string>[] = [];
  const inFlight = new Set<Promise<void>>();
  let lastWrite: Promise<void> = Promise.resolve();
  let writeFailure: unknown = null;

  /** Decides what a batch writes: failures, duplicates, new, changed and unchanged records. */
  const plan = async (items: TSourceItem[]): Promise<THarvestBatch> => {
    const failures: TRecordFailure[] = [];
    const datasets: THarvestedDataset[] = [];
    const identifiers = new Set<string>();
    const isRecent = (identifier: string) =>
      identifiers.has(identifier) || recentIdentifiers.some((recent) => recent.has(identifier));
    const duplicate = (identifier: string) => {
      counts.duplicates++;
      emit({
        event: 'record-failed',
        identifier,
        reason: 'duplicate identifier in the source; the first record is kept',
      });
    };
    for (const item of items) {
      if ('failure' in item) {
        counts.failed++;
        failures.push({ identifier: item.identifier, reason: item.failure });
        emit({ event: 'record-failed', identifier: item.identifier, reason: item.failure });
      } else if (isRecent(item.dataset.identifier)) {
        duplicate(item.dataset.identifier);
      } else {
        identifiers.add(item.dataset.identifier);
        datasets.push(item.dataset);
      }
    }
    const stored = new Map(
      (await findStoredRecords(db, source.id, [...identifiers])).map((row) => [row.identifier, row]),
    );
    recentIdentifiers.push(identifiers);
    if (recentIdentifiers.length > BATCHES_IN_FLIGHT) recentIdentifiers.shift();
    const created: TOfferRecord[] = [];
    const replaced: TOfferRecord[] = [];
    const unchanged: string[] = [];
    const written: THarvestBatch['written'] = [];
    for (const dataset of datasets) {
      const previous = stored.get(dataset.identifier);
      // Seen by this run in a committed batch (or before the interruption it resumes): a repeat.
      if (previous?.last_seen_run === runId) {
        duplicate(dataset.identifier);
        continue;
      }
      const hash = contentHash(dataset);
      if (previous && previous.content_hash === hash && previous.removed_at === null) {
        unchanged.push(dataset.identifier);
        continue;
      }
      const offerId = previous?.offer_id ?? randomUUID();
      (previous ? replaced : created).push(toOfferRecord(dataset, offerId, matchLicence));
      written.push({ identifier: dataset.identifier, offerId, contentHash: hash });
    }
    processed += items.length;
    counts.created += created.length;
    counts.updated += replaced.length;
    counts.unchanged += unchanged.length;
    const keptFailures = failures.slice(0, Math.max(0, MAX_KEPT_FAILURES - kept));
    kept += keptFailures.length;
    return {
      sourceId: source.id,
      runId,
      created,
      replaced,
      written,
      unchanged,
      resumeAfter: processed,
      counts: { ...counts },
      failures: keptFailures,
    };
  };

  /** Plans the gathered batch and starts writing it once fewer than BATCHES_IN_FLIGHT are being written. */
  const flush = async () => {
    const items = batch;
    batch = [];
    while (inFlight.size >= BATCHES_IN_FLIGHT) await Promise.race(inFlight);
    if (writeFailure) throw writeFailure;
    const planned = await plan(items);
    const write = writeHarvestBatch(db, planned, lastWrite);
    lastWrite = write;
    const tracked: Promise<void> = write.then(
      () => {
        committed = planned.counts;
        emit({ event: 'progress', processed: planned.resumeAfter, counts: { ...planned.counts } });
      },
      (error: unknown) => {
        writeFailure ??= error;
      },
    );
    const settled = tracked.finally(() => inFlight.delete(settled));
    inFlight.add(settled);
  };

  /** Waits for every batch being written; throws the first write failure. */
  const drain = async () => {
    await Promise.all(inFlight);
    if (writeFailure) throw writeFailure;
  };

  try {
    // The next batch is read and mapped while this one's stored records are looked up and written.
    const items = readAhead(
      readSource({
        format: source.format as THarvestFormat,
        location: source.location,
        skip: processed,
        ...(options.pageSize ? { pageSize: options.pageSize } : {}),
        retry: { ...options.retry, onRetry: (attempt, reason) => emit({ event: 'retry', attempt, reason }) },
      }),
      BATCH_SIZE,
    );
    for await (const item of items) {
      batch.push(item);
      if (batch.length >= BATCH_SIZE) await flush();
    }
    if (batch.length > 0) await flush();
    await drain();
    // Records of the interrupted attempt were marked seen with the same run id, so resuming loses none.
    counts.removed += await removeUnseenRecords(db, source.id, runId);
    committed = counts;
    await finishRun(db, { runId, sourceId: source.id, status: 'succeeded', counts, error: null });
    return { runId, status: 'succeeded', counts, error: null, isResumed: resumable !== null };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // Records read before the failure are kept, so the resumed run starts right after them.
    if (batch.length > 0 && !writeFailure) await flush().catch(() => {});
    await Promise.all(inFlight);
    await finishRun(db, { runId, sourceId: source.id, status: 'failed', counts: committed, error: message });
    return { runId, status: 'failed', counts: committed, error: message, isResumed: resumable !== null };
  }
}
