import { sql } from 'kysely';
import type { TDb } from '../../db/database';

/*
 * The link checker's politeness over every server process: `link_check_hosts` holds, per host, the earliest
 * time its next request may go out.
 */

/** A slot taken for a request to a host. */
export type THostSlot = {
  /** When the request may go out, in the database's clock. */
  at: Date;
  /** How long the caller waits for it from now, in milliseconds (0: go now). */
  waitMs: number;
};

/**
 * Takes the next free slot for a request to `host`, over every server process of the database: one atomic
 * upsert moves the host's next slot on by `intervalMs` from whichever is later, the slot or now. The
 * database's clock judges, so the processes' clocks need not agree.
 */
export async function claimHostSlot(db: TDb, host: string, intervalMs: number): Promise<THostSlot> {
  const { rows } = await sql<{ at: Date; wait_ms: number }>`
    insert into link_check_hosts as slots (host, next_slot_at)
    values (${host}, clock_timestamp() + ${intervalMs} * interval '1 millisecond')
    on conflict (host) do update
      set next_slot_at = greatest(slots.next_slot_at, clock_timestamp()) + ${intervalMs} * interval '1 millisecond'
    returning slots.next_slot_at - ${intervalMs} * interval '1 millisecond' as at,
      greatest(0, extract(epoch from slots.next_slot_at - clock_timestamp()) * 1000 - ${intervalMs})::float8 as wait_ms
  `.execute(db);
  const row = rows[0]!;
  return { at: row.at, waitMs: Math.ceil(row.wait_ms) };
}

/** Forgets hosts whose next slot passed a minute ago or more: their next request may go out at once anyway. */
export async function forgetIdleHosts(db: TDb): Promise<void> {
  await db.deleteFrom('link_check_hosts').where('next_slot_at', '<', sql<Date>`now() - interval '1 minute'`).execute();
}
