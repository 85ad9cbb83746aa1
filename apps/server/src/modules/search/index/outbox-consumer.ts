import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { TDb } from '../../../db/database';

/**
 * The index's name as a consumer of the outbox, kept in its folder (`CONSUMER`): a restart of the same process
 * resumes from its cursor, a new folder is a new consumer.
 */
export function readOutboxConsumer(dir: string): string {
  const file = path.join(dir, 'CONSUMER');
  try {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept) return kept;
  } catch {
    // None yet: a new folder.
  }
  const consumer = randomUUID();
  writeFileSync(file, `${consumer}\n`);
  return consumer;
}

/**
 * Rows queued beyond the consumer's cursor, counted up to `limit + 1`; null when it has no cursor (dropped after
 * the expiry, or emptied by a restore), which means its index must be built again.
 */
export async function countWaitingChanges(db: TDb, consumer: string, limit: number): Promise<number | null> {
  const { rows } = await sql<{ has_cursor: boolean; waiting: number }>`
    select c.consumer is not null as has_cursor,
      (select count(*)::int from (select 1 from search_outbox o
        where (o.xid, o.id) > (c.last_xid, c.last_id) limit ${limit + 1}) beyond) as waiting
    from (select 1) one left join search_outbox_cursors c on c.consumer = ${consumer}`.execute(db);
  const row = rows[0];
  return row?.has_cursor ? row.waiting : null;
}

/** Marks the consumer seen, so that an index with nothing to apply is not dropped; false when it has no cursor. */
export async function touchOutboxConsumer(db: TDb, consumer: string): Promise<boolean> {
  const result = await sql`update search_outbox_cursors set seen_at = now() where consumer = ${consumer}`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** Removes the consumer's cursor (an index whose folder is deleted), so that it no longer holds rows back. */
export async function leaveOutbox(db: TDb, consumer: string): Promise<void> {
  await sql`delete from search_outbox_cursors where consumer = ${consumer}`.execute(db);
}
