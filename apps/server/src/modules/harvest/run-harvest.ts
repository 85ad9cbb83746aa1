import { createHash, randomUUID } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import type { THarvestCounts, THarvestFormat } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { countHarvestRun } from '../../lib/metrics';
import { LICENCE_CATALOGUE } from '../catalogue/licence-catalogue';
import type { TOfferRecord } from '../catalogue/offer-record';
import { listLicences } from '../licences/list-licences';
import { describesDataJsonFile } from './describes-data-json-file';
import type { TRetryOptions } from './fetch-with-retry';
import { emptyHarvestCounts } from './harvest-counts';
import { BATCHES_IN_FLIGHT, FULL_PACE, type THarvestPace } from './harvest-pace';
import {
  findResumableRun,
  findSource,
  findStoredRecords,
  finishRun,
  hasUnidentifiedFailures,
  insertRun,
  markRunResumed,
  removeUnseenRecords,
  type TRecordFailure,
  type TStoredRecord,
} from './harvest-repository';
import type { THarvestedDataset, TSourceItem } from './harvested-dataset';
import { readAhead } from './read-ahead';
import { readSource } from './read-source';
import { storable, storableText } from './storable-text';
import { contentHash, createLicenceMatcher, toOfferRecord } from './to-offer-record';
import { type THarvestBatch, writeHarvestBatch } from './write-harvest-batch';

/** Records per transaction: a failed run resumes after the last committed batch. */
const BATCH_SIZE = 500;

/**
 * Records cleaned, fingerprinted or mapped between two turns of the event loop while a batch is planned: a batch
 * of 500 done in one go held the loop, which every request shares, for a hundred milliseconds and more.
 */
const RECORDS_PER_TURN = 50;
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
  /** How fast to write: FULL_PACE (the default), or giving way to the users of a server (`yieldingTo`). */
  pace?: THarvestPace;
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

const shortDigest = (value: string): string => createHash('sha1').update(value).digest('hex').slice(0, 12);

/**
 * The identifiers a record takes, in order, when an earlier record of the source holds its own identifier
 * with other content: one derived from the title, which stays when the record's other fields change in
 * the source, then one derived from the content, for records that share the title too.
 */
const derivedIdentifiers = (dataset: THarvestedDataset, hash: string): string[] => [
  `${dataset.identifier}#t-${shortDigest(dataset.title)}`,
  `${dataset.identifier}#c-${hash.slice(0, 12)}`,
];

/** A record to write, with the fingerprint that tells a repeat of it from another record. */
type TReadRecord = { dataset: THarvestedDataset; hash: string };

/**
 * Harvests one source into the catalogue, incrementally: records new to the source become offers,
 * changed ones update their offer in place (same id, so likes stay), unchanged ones are only marked as
 * seen, and when the source has been read to its end the records it no longer holds are soft-deleted
 * (state REMOVED: gone from search, back if they reappear).
 * Text PostgreSQL cannot store (unpaired surrogates, NUL) is replaced by U+FFFD as records are read. A
 * record repeating an earlier one of the source, identifier and content, is taken once; one repeating
 * only the identifier becomes an offer of its own under a derived identifier. The entry of a data.json
 * describing the file itself is skipped. A bad record is logged and skipped, and so is a record the
 * database refuses: its batch is then written again record by record. Each batch commits with the run's
 * resume point, so a run stopped by a network failure continues where it stopped the next time it is
 * started.
 */
export async function runHarvest(options: TRunHarvestOptions): Promise<THarvestRunResult> {
  const { db } = options;
  const pace = options.pace ?? FULL_PACE;
  const emit = options.onEvent ?? (() => {});
  const source = await findSource(db, options.source);
  if (!source) throw new UnknownSourceError(`No harvest source ${options.source}`);

  const resumable = await findResumableRun(db, source.id);
  const runId = resumable?.id ?? randomUUID();
  const counts = resumable ? { ...emptyHarvestCounts(), ...resumable.counts } : emptyHarvestCounts();
  /** The counts this attempt started from: the metrics count what it adds, not a resumed run's again. */
  const startCounts = { ...counts };
  const countRun = (status: THarvestRunResult['status'], reached: THarvestCounts) =>
    countHarvestRun({
      status,
      written: reached.created - startCounts.created + reached.updated - startCounts.updated,
      failed: reached.failed - startCounts.failed,
    });
  let processed = resumable?.resume_after ?? 0;
  if (resumable) await markRunResumed(db, runId);
  else await insertRun(db, runId, source.id);

  // The built-in catalogue too, so matching works before the licences are seeded.
  const matchLicence = createLicenceMatcher([...(await listLicences(db)), ...LICENCE_CATALOGUE]);
  let kept = 0;
  let batch: TSourceItem[] = [];
  /** Counts as of the last committed batch: what a failed run reports. */
  let committed = { ...counts };
  /**
   * What records the database refused changed in the counts, as of the last batch settled: planned as
   * created or updated, they failed instead. Batches settle in order, so each adds this to its planned counts.
   */
  const refusedSoFar = { created: 0, updated: 0, failed: 0 };
  const withRefused = (planned: THarvestCounts): THarvestCounts => ({
    ...planned,
    created: planned.created - refusedSoFar.created,
    updated: planned.updated - refusedSoFar.updated,
    failed: planned.failed + refusedSoFar.failed,
  });
  const keep = (failures: TRecordFailure[]): TRecordFailure[] => {
    const keptFailures = failures.slice(0, Math.max(0, MAX_KEPT_FAILURES - kept));
    kept += keptFailures.length;
    return keptFailures;
  };
  /**
   * Identifiers, with the fingerprint of the record that took them, of the batches that may not be committed
   * yet: the database cannot tell their repeats.
   */
  const recentIdentifiers: Map<string, string>[] = [];
  const inFlight = new Set<Promise<void>>();
  let lastWrite: Promise<unknown> = Promise.resolve();
  /** How long the batch committed last took, from the start of its write. */
  let lastWriteMs = 0;
  let writeFailure: unknown = null;
  const isDataJson = source.format === 'dcat-us';
  /** A record this run could not identify may be one an earlier run made an offer of. */
  let hasUnidentifiedFailure = false;

  /** Decides what a batch writes: failures, duplicates, new, changed and unchanged records. */
  const plan = async (items: TSourceItem[]): Promise<THarvestBatch> => {
    const failures: TRecordFailure[] = [];
    /** Records that failed but name their identifier: an earlier offer of theirs stays until they read again. */
    const failedIdentifiers: string[] = [];
    const fail = (identifier: string | null, reason: string) => {
      counts.failed++;
      if (identifier === null) hasUnidentifiedFailure = true;
      else failedIdentifiers.push(identifier);
      failures.push({ identifier, reason });
      emit({ event: 'record-failed', identifier, reason });
    };
    const records: TReadRecord[] = [];
    for (const [index, read] of items.entries()) {
      if (index > 0 && index % RECORDS_PER_TURN === 0) await setImmediate();
      if ('hash' in read && read.hash !== undefined) {
        records.push({ dataset: read.dataset, hash: read.hash });
        continue;
      }
      const item = storable(read);
      if ('failure' in item) fail(item.identifier, item.failure);
      else if (isDataJson && describesDataJsonFile(item.dataset)) continue;
      else records.push({ dataset: item.dataset, hash: contentHash(item.dataset) });
    }

    /** Identifiers this batch takes, with the fingerprint of the record taking each. */
    const taken = new Map<string, string>();
    const stored = new Map<string, TStoredRecord>();
    const lookUp = async (identifiers: string[]) => {
      for (const row of await findStoredRecords(db, source.id, identifiers)) stored.set(row.identifier, row);
    };
    /** The fingerprint of the record this run gave the identifier to, if any: in this batch, a recent one or a committed one. */
    const takenBy = (identifier: string): string | undefined => {
      const here = taken.get(identifier);
      if (here !== undefined) return here;
      for (const recent of recentIdentifiers) {
        const hash = recent.get(identifier);
        if (hash !== undefined) return hash;
      }
      const row = stored.get(identifier);
      return row?.last_seen_run === runId ? row.content_hash : undefined;
    };
    const toWrite: (TReadRecord & { identifier: string })[] = [];
    /** Gives the record the first of these identifiers free; false when another record holds all of them. */
    const place = (record: TReadRecord, identifiers: string[], isDerived: boolean): boolean => {
      for (const identifier of identifiers) {
        const holder = takenBy(identifier);
        if (holder === undefined) {
          taken.set(identifier, record.hash);
          toWrite.push({ ...record, identifier });
          if (isDerived) counts.identifierCollisions++;
          return true;
        }
        if (holder === record.hash) {
          counts.duplicates++;
          emit({
            event: 'record-failed',
            identifier,
            reason: 'the record repeats an earlier one of the source, identifier and content; it is taken once',
          });
          return true;
        }
      }
      return false;
    };

    await lookUp([...new Set(records.map((record) => record.dataset.identifier))]);
    const colliding = records.filter((record) => !place(record, [record.dataset.identifier], false));
    if (colliding.length > 0) {
      const candidates = colliding.map((record) => derivedIdentifiers(record.dataset, record.hash));
      await lookUp(candidates.flat());
      colliding.forEach((record, index) => {
        if (!place(record, candidates[index]!, true)) {
          fail(record.dataset.identifier, 'the identifier repeats in the source too often with other content');
        }
      });
    }
    recentIdentifiers.push(taken);
    if (recentIdentifiers.length > BATCHES_IN_FLIGHT) recentIdentifiers.shift();

    const created: TOfferRecord[] = [];
    const replaced: TOfferRecord[] = [];
    const unchanged: string[] = [];
    const written: THarvestBatch['written'] = [];
    for (const [index, { dataset, hash, identifier }] of toWrite.entries()) {
      if (index > 0 && index % RECORDS_PER_TURN === 0) await setImmediate();
      const previous = stored.get(identifier);
      if (previous && previous.content_hash === hash && previous.removed_at === null) {
        unchanged.push(identifier);
        continue;
      }
      const offerId = previous?.offer_id ?? randomUUID();
      (previous ? replaced : created).push(toOfferRecord(dataset, offerId, matchLicence));
      written.push({ identifier, offerId, contentHash: hash });
    }
    processed += items.length;
    counts.created += created.length;
    counts.updated += replaced.length;
    counts.unchanged += unchanged.length;
    const planned = { ...counts };
    const keptFailures = keep(failures);
    return {
      sourceId: source.id,
      runId,
      created,
      replaced,
      written,
      unchanged: [...unchanged, ...failedIdentifiers],
      resumeAfter: processed,
      settle: (refused) => {
        refusedSoFar.created += refused.created;
        refusedSoFar.updated += refused.replaced;
        refusedSoFar.failed += refused.failures.length;
        for (const failure of refused.failures) emit({ event: 'record-failed', ...failure });
        return { counts: withRefused(planned), failures: [...keptFailures, ...keep(refused.failures)] };
      },
    };
  };

  /** Plans the gathered batch and starts writing it once fewer batches are being written than the pace allows. */
  const flush = async () => {
    const items = batch;
    batch = [];
    while (inFlight.size >= pace.batchesInFlight()) await Promise.race(inFlight);
    if (writeFailure) throw writeFailure;
    await pace.beforeBatch(lastWriteMs);
    const planned = await plan(items);
    const writeStarted = performance.now();
    const write = writeHarvestBatch(db, planned, lastWrite);
    lastWrite = write;
    const tracked: Promise<void> = write.then(
      (saved) => {
        lastWriteMs = performance.now() - writeStarted;
        committed = saved;
        emit({ event: 'progress', processed: planned.resumeAfter, counts: { ...saved } });
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
    // A record that could not be read cannot be told from one the source dropped: the run removes nothing.
    const mayRemove = !hasUnidentifiedFailure && !(await hasUnidentifiedFailures(db, runId));
    if (mayRemove) counts.removed += await removeUnseenRecords(db, source.id, runId);
    const final = withRefused(counts);
    committed = final;
    await finishRun(db, { runId, sourceId: source.id, status: 'succeeded', counts: final, error: null });
    countRun('succeeded', final);
    return { runId, status: 'succeeded', counts: final, error: null, isResumed: resumable !== null };
  } catch (error) {
    const message = storableText(error instanceof Error ? error.message : String(error));
    // Records read before the failure are kept, so the resumed run starts right after them.
    if (batch.length > 0 && !writeFailure) await flush().catch(() => {});
    await Promise.all(inFlight);
    await finishRun(db, { runId, sourceId: source.id, status: 'failed', counts: committed, error: message });
    countRun('failed', committed);
    return { runId, status: 'failed', counts: committed, error: message, isResumed: resumable !== null };
  }
}
