import type { TCrawlCounts, TCrawlFailure } from '@dsm/contracts';
import { type Selectable, sql } from 'kysely';
import type { TDb } from '../../db/database';
import type { TCrawlRunTable } from '../../db/schema';
import { insertOffers, replaceOffers } from '../catalogue/load-offers';
import type { TOfferRecord } from '../catalogue/offer-record';
import { reactivateRemovedOffers, removeOffersOfUnseenRecords } from '../catalogue/offer-state-repository';

/** A crawl as stored. */
export type TCrawlRunRow = Selectable<TCrawlRunTable>;

/** What the last crawl that saw a dataset made of it. */
export type TCrawlRecord = { offerId: string; contentHash: string; isRemoved: boolean };

/** A running crawl older than this was cut short (its server stopped) and no longer holds the connector. */
const STALE_AFTER = '1 hour';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown) => (error as { code?: unknown }).code === UNIQUE_VIOLATION;

/**
 * Starts a run of the connector: its row, status running. False when a crawl of the connector runs already (one
 * running row per connector, by a unique index); a run left running for an hour by a stopped server is failed first.
 */
export async function insertCrawlRun(db: TDb, connectorId: string, runId: string): Promise<boolean> {
  await db
    .updateTable('crawl_runs')
    .set({ status: 'failed', finished_at: new Date(), error: 'The crawl was cut short: its server stopped' })
    .where('connector_id', '=', connectorId)
    .where('status', '=', 'running')
    .where(sql<boolean>`started_at < now() - ${STALE_AFTER}::interval`)
    .execute();
  try {
    await db.insertInto('crawl_runs').values({ id: runId, connector_id: connectorId, status: 'running' }).execute();
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** The running crawl of a connector, if any: when it started. */
export async function findRunningCrawl(db: TDb, connectorId: string): Promise<Date | null> {
  const row = await db
    .selectFrom('crawl_runs')
    .select('started_at')
    .where('connector_id', '=', connectorId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return row?.started_at ?? null;
}

/** How a run ended: its status, counts, failed datasets and, for a failed run, the reason. */
export type TCrawlResult = {
  status: 'succeeded' | 'failed';
  counts: TCrawlCounts;
  failures: TCrawlFailure[];
  error: string | null;
};

/** Ends a run with what it did; undefined when the run is gone (its connector was removed meanwhile). */
export async function finishCrawlRun(db: TDb, runId: string, result: TCrawlResult): Promise<TCrawlRunRow | undefined> {
  return db
    .updateTable('crawl_runs')
    .set({
      status: result.status,
      finished_at: new Date(),
      counts: JSON.stringify(result.counts),
      failures: JSON.stringify(result.failures),
      error: result.error,
    })
    .where('id', '=', runId)
    .returningAll()
    .executeTakeFirst();
}

/** The connector's last runs, newest first. */
export async function selectCrawlRuns(db: TDb, connectorId: string, limit: number): Promise<TCrawlRunRow[]> {
  return db
    .selectFrom('crawl_runs')
    .selectAll()
    .where('connector_id', '=', connectorId)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** What earlier crawls of the connector made of its datasets, by dataset id. */
export async function selectCrawlRecords(db: TDb, connectorId: string): Promise<Map<string, TCrawlRecord>> {
  const rows = await db
    .selectFrom('crawl_records')
    .select(['dataset_id', 'offer_id', 'content_hash', 'removed_at'])
    .where('connector_id', '=', connectorId)
    .execute();
  return new Map(
    rows.map((row) => [
      row.dataset_id,
      { offerId: row.offer_id, contentHash: row.content_hash, isRemoved: row.removed_at !== null },
    ]),
  );
}

/** Where a run read its catalog: the participant the catalog named and its DSP address. */
export type TCrawlSource = { participantId: string; protocolUrl: string };

/** One dataset to write: its offer, its fingerprint, the offer delivery negotiates and whether an earlier crawl wrote it. */
export type TCrawlWrite = {
  connectorId: string;
  runId: string;
  datasetId: string;
  record: TOfferRecord;
  contentHash: string;
  isNew: boolean;
  source: TCrawlSource;
  /** The id of the dataset's first offer (`odrl:hasPolicy`). */
  policyOfferId: string;
};

async function upsertRecord(trx: TDb, write: TCrawlWrite): Promise<void> {
  // What this crawl saw of the dataset: written for a new one, and over what an earlier crawl stored.
  const seen = {
    content_hash: write.contentHash,
    last_seen_run: write.runId,
    removed_at: null,
    participant_id: write.source.participantId,
    protocol_url: write.source.protocolUrl,
    policy_offer_id: write.policyOfferId,
  };
  await trx
    .insertInto('crawl_records')
    .values({ connector_id: write.connectorId, dataset_id: write.datasetId, offer_id: write.record.id, ...seen })
    .onConflict((conflict) => conflict.columns(['connector_id', 'dataset_id']).doUpdateSet(seen))
    .execute();
}

async function replace(db: TDb, write: TCrawlWrite): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await replaceOffers(trx, [write.record]);
    await reactivateRemovedOffers(trx, [write.record.id]);
    await upsertRecord(trx, write);
  });
}

/**
 * Writes one dataset's offer through the catalogue, with its record, in a transaction of its own: a dataset the
 * database refuses fails alone. A new dataset whose offer is in the catalogue already (its connector was removed and
 * registered again, which drops the records but not the offers) replaces that offer.
 */
export async function writeCrawledDataset(db: TDb, write: TCrawlWrite): Promise<void> {
  if (!write.isNew) {
    await replace(db, write);
    return;
  }
  try {
    await db.transaction().execute(async (trx) => {
      await insertOffers(trx, [write.record]);
      await upsertRecord(trx, write);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await replace(db, write);
  }
}

/**
 * Marks datasets as seen by this run without writing them (unchanged, or failed this time), with where the run read
 * them: a participant that moved its DSP address is negotiated with at the new one.
 */
export async function touchCrawlRecords(
  db: TDb,
  options: { connectorId: string; runId: string; source: TCrawlSource; datasetIds: readonly string[] },
): Promise<void> {
  const { connectorId, runId, source, datasetIds } = options;
  if (datasetIds.length === 0) return;
  await db
    .updateTable('crawl_records')
    .set({ last_seen_run: runId, participant_id: source.participantId, protocol_url: source.protocolUrl })
    .where('connector_id', '=', connectorId)
    .where('dataset_id', '=', (eb) => eb.fn.any(eb.val([...datasetIds])))
    .execute();
}

/**
 * Soft-deletes the offers of the connector's datasets still in the catalogue that the run `seenIn` did not see (every
 * one when null); answers how many.
 */
function removeDatasetsNotSeenIn(db: TDb, connectorId: string, seenIn: string | null): Promise<number> {
  return removeOffersOfUnseenRecords(db, (trx) => {
    let records = trx
      .updateTable('crawl_records')
      .set({ removed_at: new Date() })
      .where('connector_id', '=', connectorId)
      .where('removed_at', 'is', null);
    if (seenIn !== null) {
      records = records.where((eb) => eb.or([eb('last_seen_run', 'is', null), eb('last_seen_run', '!=', seenIn)]));
    }
    return records.returning('offer_id').execute();
  });
}

/** Soft-deletes the offers of the connector's datasets this run did not see; answers how many. */
export async function removeUnseenDatasets(db: TDb, connectorId: string, runId: string): Promise<number> {
  return removeDatasetsNotSeenIn(db, connectorId, runId);
}

/** Soft-deletes the offers of every dataset of the connector still in the catalogue; answers how many. */
export async function removeEveryDataset(db: TDb, connectorId: string): Promise<number> {
  return removeDatasetsNotSeenIn(db, connectorId, null);
}

/** What negotiating a crawled offer needs: where its dataset is offered and which of its offers to take. */
export type TCrawledOfferSource = {
  connectorId: string;
  datasetId: string;
  /** The participant id the catalog named; null for a dataset last written before it was kept. */
  participantId: string | null;
  /** The DSP address the catalog was read at; null likewise. */
  protocolUrl: string | null;
  /** The id of the dataset's first offer when it was last written; null likewise. */
  policyOfferId: string | null;
};

/** Where a crawled offer's dataset is offered, or null for an offer no crawl made (or one whose dataset left the catalog). */
export async function selectCrawledOfferSource(db: TDb, offerId: string): Promise<TCrawledOfferSource | null> {
  if (!UUID.test(offerId)) return null;
  const row = await db
    .selectFrom('crawl_records')
    .select(['connector_id', 'dataset_id', 'participant_id', 'protocol_url', 'policy_offer_id'])
    .where('offer_id', '=', offerId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  return {
    connectorId: row.connector_id,
    datasetId: row.dataset_id,
    participantId: row.participant_id,
    protocolUrl: row.protocol_url,
    policyOfferId: row.policy_offer_id,
  };
}

/** Which of the offers are crawled offers whose datasets are still in their catalogs. */
export async function selectCrawledOfferIds(db: TDb, offerIds: readonly string[]): Promise<Set<string>> {
  const ids = offerIds.filter((id) => UUID.test(id));
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('crawl_records')
    .select('offer_id')
    .where('offer_id', '=', (eb) => eb.fn.any(eb.val(ids)))
    .where('removed_at', 'is', null)
    .execute();
  return new Set(rows.map((row) => row.offer_id));
}
