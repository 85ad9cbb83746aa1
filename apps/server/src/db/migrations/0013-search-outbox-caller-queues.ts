import { type Kysely, sql } from 'kysely';

/** Every outbox trigger of 0012: table, event, function and the transition tables it reads. */
const TRIGGERS = [
  ['offers', 'inserted', 'insert', 'dsm_queue_inserted_offers', 'new table as new_rows'],
  ['offers', 'deleted', 'delete', 'dsm_queue_deleted_offers', 'old table as old_rows'],
  ['offers', 'updated', 'update', 'dsm_queue_updated_offers', 'new table as new_rows old table as old_rows'],
  ['datasets', 'inserted', 'insert', 'dsm_queue_dataset_offers', 'new table as new_rows'],
  ['datasets', 'updated', 'update', 'dsm_queue_dataset_offers', 'new table as new_rows old table as old_rows'],
  ['datasets', 'deleted', 'delete', 'dsm_queue_dataset_offers', 'old table as old_rows'],
  ['distributions', 'inserted', 'insert', 'dsm_queue_distribution_offers', 'new table as new_rows'],
  [
    'distributions',
    'updated',
    'update',
    'dsm_queue_distribution_offers',
    'new table as new_rows old table as old_rows',
  ],
  ['distributions', 'deleted', 'delete', 'dsm_queue_distribution_offers', 'old table as old_rows'],
] as const;

/**
 * A writer of many offers (the harvest) queues each offer it writes once, in one statement of its own,
 * instead of the outbox triggers queuing it once per table (offer, datasets, distributions: three rows
 * and three trigger queries per harvested offer, about a tenth of a record's CPU time).
 *
 * Such a writer says so for its transaction alone with `set local dsm.search_outbox = 'caller'`
 * (modules/search-index/queue-offer-changes.ts). The triggers' `when` condition then skips them before
 * their function runs; every other writer (offer editing, publishing, unpublishing, the bulk loader,
 * deletes, restores) leaves the setting unset and is queued by the triggers as before. `set local` ends
 * with the transaction, so a pooled connection never carries it into another writer's transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, name, event, fn, transitions] of TRIGGERS) {
    await sql.raw(`drop trigger ${table}_queue_${name} on ${table}`).execute(db);
    await sql
      .raw(`create trigger ${table}_queue_${name} after ${event} on ${table}
        referencing ${transitions} for each statement
        when (current_setting('dsm.search_outbox', true) is distinct from 'caller')
        execute function ${fn}()`)
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, name, event, fn, transitions] of TRIGGERS) {
    await sql.raw(`drop trigger ${table}_queue_${name} on ${table}`).execute(db);
    await sql
      .raw(`create trigger ${table}_queue_${name} after ${event} on ${table}
        referencing ${transitions} for each statement execute function ${fn}()`)
      .execute(db);
  }
}
