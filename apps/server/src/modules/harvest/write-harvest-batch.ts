import type { THarvestCounts } from '@dsm/contracts';
import { sql } from 'kysely';
import type { TDb } from '../../db/database';
import { insertOffers, replaceOffers } from '../catalogue/load-offers';
import type { TOfferRecord } from '../catalogue/offer-record';
import { reactivateRemovedOffers } from '../catalogue/offer-state-repository';
import { queueOfferChanges, takeOverOfferQueuing } from '../catalogue/queue-offer-changes';
import { requestOfferChecks } from '../link-checker/request-link-checks';
import {
  insertAgentsOf,
  saveRunProgress,
  type TRecordFailure,
  touchRecords,
  upsertRecords,
} from './harvest-repository';

/** What one batch of a run writes, decided before it is written. */
export type THarvestBatch = {
  sourceId: string;
  runId: string;
  created: TOfferRecord[];
  replaced: TOfferRecord[];
  /** New and changed records with the offer they became and their fingerprint. */
  written: { identifier: string; offerId: string; contentHash: string }[];
  /** Identifiers of unchanged records, and of failed records that named theirs: only marked as seen by this run. */
  unchanged: string[];
  /** The run's resume point once this batch is committed. */
  resumeAfter: number;
  /**
   * The run's counts and the failures to keep once this batch is committed, given the records the database
   * refused alone. Called after the batch before has committed, so batches settle in order; only the
   * record-by-record write, which runs at most once per batch, passes refused records.
   */
  settle: (refused: TRefusedRecords) => { counts: THarvestCounts; failures: TRecordFailure[] };
};

/** The records of a batch that the database refused one by one, with the database's reason. */
export type TRefusedRecords = { created: number; replaced: number; failures: TRecordFailure[] };

const NONE_REFUSED: TRefusedRecords = { created: 0, replaced: 0, failures: [] };

const HTTP = /^https?:\/\//;

/** Both paths store a batch's agents before its transaction (insertAgentsOf), so the offers' writes skip them. */
const AGENTS_STORED = { areAgentsStored: true };

/** The ids of written offers with an http(s) distribution: those the link checker has something to check in. */
function offersWithLinks(records: readonly TOfferRecord[]): string[] {
  return records
    .filter((record) =>
      record.datasets.some((dataset) => dataset.distributions.some((d) => d.accessUrl && HTTP.test(d.accessUrl))),
    )
    .map((record) => record.id);
}

/** Settings of every batch transaction. */
async function prepareTransaction(trx: TDb): Promise<void> {
  // Fewer, larger merges into the offers' GIN index, as the bulk loader does.
  await sql`set local gin_pending_list_limit = '32MB'`.execute(trx);
  // The commit does not wait for its WAL to reach the disk: a crash of PostgreSQL can lose the last few
  // batches committed, resume point included, so the next run re-reads them from the resume point it finds.
  await sql`set local synchronous_commit = off`.execute(trx);
  // Each written offer is queued for the search index once, by the batch itself, instead of once per table
  // by the outbox triggers.
  await takeOverOfferQueuing(trx);
}

/** Saves the run's resume point and counts once `previous` has committed; answers the counts saved. */
async function saveProgress(
  trx: TDb,
  batch: THarvestBatch,
  previous: Promise<unknown>,
  refused: TRefusedRecords,
): Promise<THarvestCounts> {
  await previous;
  const { counts, failures } = batch.settle(refused);
  await saveRunProgress(trx, batch.runId, { resumeAfter: batch.resumeAfter, counts, failures });
  return counts;
}

/** The whole batch in one transaction: the fast path. */
async function writeAtOnce(db: TDb, batch: THarvestBatch, previous: Promise<unknown>): Promise<THarvestCounts> {
  await insertAgentsOf(db, [...batch.created, ...batch.replaced]);
  return db.transaction().execute(async (trx) => {
    await prepareTransaction(trx);
    await insertOffers(trx, batch.created, AGENTS_STORED);
    await replaceOffers(trx, batch.replaced, AGENTS_STORED);
    await queueOfferChanges(
      trx,
      batch.written.map((entry) => entry.offerId),
    );
    await upsertRecords(trx, batch.sourceId, batch.runId, batch.written);
    // Only a changed record can have been soft-deleted: new ones are new offers.
    await reactivateRemovedOffers(
      trx,
      batch.replaced.map((record) => record.id),
    );
    await touchRecords(trx, batch.sourceId, batch.runId, batch.unchanged);
    // One row per offer: the link checker's sweep finds their distributions never checked and queues a
    // thousand at a time, each host at its own pace.
    await requestOfferChecks(trx, offersWithLinks([...batch.created, ...batch.replaced]));
    return saveProgress(trx, batch, previous, NONE_REFUSED);
  });
}

const reasonOf = (error: unknown): string =>
  `refused by the database: ${error instanceof Error ? error.message : String(error)}`;

/**
 * The batch record by record, each behind a savepoint of one transaction, so the database refusing one
 * record (a value out of a column's range, a broken constraint) fails that record alone. A changed record
 * that is refused keeps its previous offer and is marked as seen, so the run does not remove it; its
 * stored fingerprint stays the old one, so the next run tries it again.
 */
async function writeOneByOne(db: TDb, batch: THarvestBatch, previous: Promise<unknown>): Promise<THarvestCounts> {
  const writtenOf = new Map(batch.written.map((entry) => [entry.offerId, entry]));
  const records = [
    ...batch.created.map((record) => ({ record, isNew: true })),
    ...batch.replaced.map((record) => ({ record, isNew: false })),
  ];
  const refused: TRefusedRecords = { created: 0, replaced: 0, failures: [] };
  const refuse = (isNew: boolean, identifier: string, error: unknown) => {
    if (isNew) refused.created++;
    else refused.replaced++;
    refused.failures.push({ identifier, reason: reasonOf(error) });
  };
  /** Identifiers of refused changed records: their previous offers stay. */
  const keptPrevious: string[] = [];
  const stored: typeof records = [];
  // Committed one by one, as on the fast path: an agent a record cannot store fails that record only.
  for (const entry of records) {
    try {
      await insertAgentsOf(db, [entry.record]);
      stored.push(entry);
    } catch (error) {
      const { identifier } = writtenOf.get(entry.record.id)!;
      refuse(entry.isNew, identifier, error);
      if (!entry.isNew) keptPrevious.push(identifier);
    }
  }
  return db.transaction().execute(async (trx) => {
    await prepareTransaction(trx);
    for (const { record, isNew } of stored) {
      const written = writtenOf.get(record.id)!;
      await sql`savepoint harvest_record`.execute(trx);
      try {
        if (isNew) await insertOffers(trx, [record], AGENTS_STORED);
        else await replaceOffers(trx, [record], AGENTS_STORED);
        await upsertRecords(trx, batch.sourceId, batch.runId, [written]);
        if (!isNew) await reactivateRemovedOffers(trx, [record.id]);
        await queueOfferChanges(trx, [record.id]);
        await requestOfferChecks(trx, offersWithLinks([record]));
        await sql`release savepoint harvest_record`.execute(trx);
      } catch (error) {
        await sql`rollback to savepoint harvest_record`.execute(trx);
        refuse(isNew, written.identifier, error);
        if (!isNew) keptPrevious.push(written.identifier);
      }
    }
    await touchRecords(trx, batch.sourceId, batch.runId, [...batch.unchanged, ...keptPrevious]);
    return saveProgress(trx, batch, previous, refused);
  });
}

/** True once `promise` has rejected; waits for it to settle. */
const hasFailed = (promise: Promise<unknown>): Promise<boolean> =>
  promise.then(
    () => false,
    () => true,
  );

/**
 * Writes one batch in a transaction of its own: offers, records, the offers the link checker is to look
 * at and, last, the run's resume point and counts. Several batches are written at once, each on its own
 * connection, but they commit in order: a batch saves its resume point only after `previous` (the batch
 * before it) has committed, and rolls back when that one failed, so the stored resume point never skips
 * a record.
 * Any other error of the batch (one record the database refuses rejects the whole statement) writes it
 * again record by record, so the refused records fail alone and the others land; only the slow path pays
 * for that. Answers the run's counts as saved with the batch.
 * Agents are inserted first, outside the transaction: concurrent batches naming the same new publisher
 * would otherwise wait on each other's uncommitted rows.
 */
export async function writeHarvestBatch(
  db: TDb,
  batch: THarvestBatch,
  previous: Promise<unknown>,
): Promise<THarvestCounts> {
  try {
    return await writeAtOnce(db, batch, previous);
  } catch (error) {
    if (await hasFailed(previous)) throw error;
    return writeOneByOne(db, batch, previous);
  }
}
