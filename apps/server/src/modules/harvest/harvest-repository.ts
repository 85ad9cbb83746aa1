import type { THarvestCounts } from '@dsm/contracts';
import { sql } from 'kysely';
import type { TDb } from '../../db/database';
import type { TAgentRecord, TOfferRecord } from '../catalogue/offer-record';
import { markOffersRemoved, removeOffersOfUnseenRecords } from '../catalogue/offer-state-repository';

export type TSourceRow = {
  id: string;
  name: string;
  location: string;
  format: string;
  schedule: string | null;
  last_run_at: Date | null;
  last_status: string | null;
  last_counts: unknown;
  last_error: string | null;
};

export type TStoredRecord = {
  identifier: string;
  offer_id: string;
  content_hash: string;
  removed_at: Date | null;
  last_seen_run: string | null;
};

/** A recorded failure of one record, kept with its run (the first few hundred). */
export type TRecordFailure = { identifier: string | null; reason: string };

const SOURCE_COLUMNS = [
  'id',
  'name',
  'location',
  'format',
  'schedule',
  'last_run_at',
  'last_status',
  'last_counts',
  'last_error',
] as const;

/**
 * Stores a new source; false when a source has the name already. The unique constraint decides, so two requests
 * adding one name at the same time get one source and one false, never a unique violation.
 */
export async function insertSource(
  db: TDb,
  row: Pick<TSourceRow, 'id' | 'name' | 'location' | 'format' | 'schedule'>,
): Promise<boolean> {
  const inserted = await db
    .insertInto('harvest_sources')
    .values(row)
    .onConflict((conflict) => conflict.column('name').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findSources(db: TDb): Promise<TSourceRow[]> {
  return db.selectFrom('harvest_sources').select(SOURCE_COLUMNS).orderBy('name').execute();
}

/** A source by id or by name. */
export async function findSource(db: TDb, idOrName: string): Promise<TSourceRow | undefined> {
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(idOrName);
  return db
    .selectFrom('harvest_sources')
    .select(SOURCE_COLUMNS)
    .where((eb) => (isUuid ? eb('id', '=', idOrName) : eb('name', '=', idOrName)))
    .executeTakeFirst();
}

/** Deletes a source with its runs; its offers are soft-deleted first so search stops finding them. */
export async function deleteSource(db: TDb, sourceId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const records = await trx
      .selectFrom('harvest_records')
      .select('offer_id')
      .where('source_id', '=', sourceId)
      .execute();
    await markOffersRemoved(
      trx,
      records.map((record) => record.offer_id),
      { isTouched: true },
    );
    await trx.deleteFrom('harvest_sources').where('id', '=', sourceId).execute();
  });
}

/** The run to continue: the source's latest run when it did not succeed, else null. */
export async function findResumableRun(db: TDb, sourceId: string) {
  const run = await db
    .selectFrom('harvest_runs')
    .select(['id', 'status', 'resume_after', 'counts'])
    .where('source_id', '=', sourceId)
    .orderBy('started_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return run && run.status !== 'succeeded' ? { ...run, counts: run.counts as THarvestCounts } : null;
}

export async function insertRun(db: TDb, runId: string, sourceId: string): Promise<void> {
  await db.insertInto('harvest_runs').values({ id: runId, source_id: sourceId, status: 'running' }).execute();
  await db.updateTable('harvest_sources').set({ last_status: 'running' }).where('id', '=', sourceId).execute();
}

export async function markRunResumed(db: TDb, runId: string): Promise<void> {
  await db.updateTable('harvest_runs').set({ status: 'running', error: null }).where('id', '=', runId).execute();
}

export async function saveRunProgress(
  db: TDb,
  runId: string,
  progress: { resumeAfter: number; counts: THarvestCounts; failures: TRecordFailure[] },
): Promise<void> {
  await sql`update harvest_runs set resume_after = ${progress.resumeAfter}, counts = ${JSON.stringify(progress.counts)}::jsonb,
    failures = (failures || ${JSON.stringify(progress.failures)}::jsonb)
    where id = ${runId}`.execute(db);
}

export async function finishRun(
  db: TDb,
  run: {
    runId: string;
    sourceId: string;
    status: 'succeeded' | 'failed';
    counts: THarvestCounts;
    error: string | null;
  },
): Promise<void> {
  const counts = JSON.stringify(run.counts);
  await db
    .updateTable('harvest_runs')
    .set({ status: run.status, finished_at: new Date(), counts, error: run.error })
    .where('id', '=', run.runId)
    .execute();
  await db
    .updateTable('harvest_sources')
    .set({ last_run_at: new Date(), last_status: run.status, last_counts: counts, last_error: run.error })
    .where('id', '=', run.sourceId)
    .execute();
}

export async function findStoredRecords(db: TDb, sourceId: string, identifiers: string[]): Promise<TStoredRecord[]> {
  if (identifiers.length === 0) return [];
  return db
    .selectFrom('harvest_records')
    .select(['identifier', 'offer_id', 'content_hash', 'removed_at', 'last_seen_run'])
    .where('source_id', '=', sourceId)
    .where('identifier', '=', (eb) => eb.fn.any(eb.val(identifiers)))
    .execute();
}

/**
 * Stores the agents these offers name that are not stored yet (a stored agent keeps its details), in one
 * statement in id order, committed on its own.
 */
export async function insertAgentsOf(db: TDb, records: readonly TOfferRecord[]): Promise<void> {
  const agents = new Map<string, TAgentRecord>();
  for (const record of records) {
    for (const dataset of record.datasets) {
      for (const agent of [dataset.publisher, dataset.creator, dataset.custodian]) {
        if (agent && !agents.has(agent.id)) agents.set(agent.id, agent);
      }
    }
  }
  if (agents.size === 0) return;
  const rows = [...agents.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  await sql`insert into agents (id, type, name, first_name, last_name, email)
    select * from unnest(${rows.map((agent) => agent.id)}::text[], ${rows.map((agent) => agent.type)}::text[],
      ${rows.map((agent) => agent.name ?? null)}::text[], ${rows.map((agent) => agent.firstName ?? null)}::text[],
      ${rows.map((agent) => agent.lastName ?? null)}::text[], ${rows.map((agent) => agent.email ?? null)}::text[])
    order by 1
    on conflict (id) do nothing`.execute(db);
}

/** Records what this run saw: new or changed records with their hash, bringing soft-deleted ones back. */
export async function upsertRecords(
  db: TDb,
  sourceId: string,
  runId: string,
  records: { identifier: string; offerId: string; contentHash: string }[],
): Promise<void> {
  if (records.length === 0) return;
  await sql`insert into harvest_records (source_id, identifier, offer_id, content_hash, last_seen_run, removed_at)
    select ${sourceId}::uuid, identifier, offer_id, content_hash, ${runId}::uuid, null
    from unnest(${records.map((record) => record.identifier)}::text[], ${records.map((record) => record.offerId)}::uuid[],
      ${records.map((record) => record.contentHash)}::text[]) as given (identifier, offer_id, content_hash)
    on conflict (source_id, identifier) do update
      set content_hash = excluded.content_hash, last_seen_run = excluded.last_seen_run, removed_at = null`.execute(db);
}

export async function touchRecords(db: TDb, sourceId: string, runId: string, identifiers: string[]): Promise<void> {
  if (identifiers.length === 0) return;
  await db
    .updateTable('harvest_records')
    .set({ last_seen_run: runId })
    .where('source_id', '=', sourceId)
    .where('identifier', '=', (eb) => eb.fn.any(eb.val(identifiers)))
    .execute();
}

/** True when the run kept a failure of a record that named no identifier (an interrupted attempt's included). */
export async function hasUnidentifiedFailures(db: TDb, runId: string): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`select exists (select 1 from harvest_runs
    where id = ${runId} and failures @> '[{"identifier": null}]'::jsonb) as found`.execute(db);
  return rows[0]?.found ?? false;
}

/** Soft-deletes the offers of records this run did not see; answers how many. */
export async function removeUnseenRecords(db: TDb, sourceId: string, runId: string): Promise<number> {
  return removeOffersOfUnseenRecords(db, (trx) =>
    trx
      .updateTable('harvest_records')
      .set({ removed_at: new Date() })
      .where('source_id', '=', sourceId)
      .where('removed_at', 'is', null)
      .where((eb) => eb.or([eb('last_seen_run', 'is', null), eb('last_seen_run', '!=', runId)]))
      .returning('offer_id')
      .execute(),
  );
}

/** The offers harvested under one identifier across all sources: the same dataset from several portals. */
export async function findLinkedRecords(db: TDb, identifier: string) {
  return db
    .selectFrom('harvest_records')
    .innerJoin('harvest_sources', 'harvest_sources.id', 'harvest_records.source_id')
    .select([
      'harvest_sources.name as sourceName',
      'harvest_records.offer_id as offerId',
      'harvest_records.removed_at as removedAt',
    ])
    .where('harvest_records.identifier', '=', identifier)
    .orderBy('harvest_sources.name')
    .execute();
}
