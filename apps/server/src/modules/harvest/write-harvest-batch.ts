import type { THarvestCounts } from '@dsm/contracts';
import { sql } from 'kysely';
import type { TDb } from '../../db/database';
import { insertOffers, replaceOffers } from '../catalogue/load-offers';
import type { TOfferRecord } from '../catalogue/offer-record';
import { requestOfferChecks } from '../link-checker/request-link-checks';
import {
  insertAgentsOf,
  reactivateOffers,
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
  /** Identifiers of unchanged records: only marked as seen by this run. */
  unchanged: string[];
  /** The run's resume point and counts once this batch is committed. */
  resumeAfter: number;
  counts: THarvestCounts;
  failures: TRecordFailure[];
};

const HTTP = /^https?:\/\//;

/** The ids of written offers with an http(s) distribution: those the link checker has something to check in. */
function offersWithLinks(records: readonly TOfferRecord[]): string[] {
  return records
    .filter((record) =>
      record.datasets.some((dataset) => dataset.distributions.some((d) => d.accessUrl && HTTP.test(d.accessUrl))),
    )
    .map((record) => record.id);
}

/**
 * Writes one batch in a transaction of its own: offers, records, the offers the link checker is to look
 * at and, last, the run's resume point and counts. Several batches are written at once, each on its own
 * connection, but they commit in order: a batch saves its resume point only after `previous` (the batch
 * before it) has committed, and rolls back when that one failed, so the stored resume point never skips
 * a record.
 * Agents are inserted first, outside the transaction: concurrent batches naming the same new publisher
 * would otherwise wait on each other's uncommitted rows.
 */
export async function writeHarvestBatch(db: TDb, batch: THarvestBatch, previous: Promise<unknown>): Promise<void> {
  await insertAgentsOf(db, [...batch.created, ...batch.replaced]);
  await db.transaction().execute(async (trx) => {
    // Fewer, larger merges into the offers' GIN index, as the bulk loader does.
    await sql`set local gin_pending_list_limit = '32MB'`.execute(trx);
    // The commit does not wait for its WAL to reach the disk: a crash of PostgreSQL can lose the last few
    // batches committed, resume point included, so the next run re-reads them from the resume point it finds.
    await sql`set local synchronous_commit = off`.execute(trx);
    await insertOffers(trx, batch.created);
    await replaceOffers(trx, batch.replaced);
    await upsertRecords(trx, batch.sourceId, batch.runId, batch.written);
    // Only a changed record can have been soft-deleted: new ones are new offers.
    await reactivateOffers(
      trx,
      batch.replaced.map((record) => record.id),
    );
    await touchRecords(trx, batch.sourceId, batch.runId, batch.unchanged);
    // One row per offer: the link checker's sweep finds their distributions never checked and queues a
    // thousand at a time, each host at its own pace.
    await requestOfferChecks(trx, offersWithLinks([...batch.created, ...batch.replaced]));
    await previous;
    await saveRunProgress(trx, batch.runId, {
      resumeAfter: batch.resumeAfter,
      counts: batch.counts,
      failures: batch.failures,
    });
  });
}
