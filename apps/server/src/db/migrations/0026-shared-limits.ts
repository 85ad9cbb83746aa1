import { type Kysely, sql } from 'kysely';

/**
 * Limits that hold across every server process of one database, instead of one count per process:
 *
 * - `rate_limits`: the counters of the per-user, per-key and sign-in limits, one row per limited key and
 *   window (`{limit}:{key}`), in the layout of rate-limiter-flexible's PostgreSQL store. `points` is what
 *   the window used, `expire` its end in epoch milliseconds. Unlogged: a count lost in a crash only gives
 *   callers a fresh window, and the hottest request (a search) writes here, so it skips the WAL. Rows an
 *   hour past their end are deleted by the servers.
 * - `link_check_hosts`: the link checker's politeness, one row per host with the earliest time its next
 *   request may go out; a check claims a slot by moving it on in one statement, so checkers in several
 *   processes keep the configured interval between them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create unlogged table rate_limits (
      key text primary key,
      points integer not null default 0,
      expire bigint
    )
  `.execute(db);
  await sql`
    create table link_check_hosts (
      host text primary key,
      next_slot_at timestamptz not null
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table link_check_hosts`.execute(db);
  await sql`drop table rate_limits`.execute(db);
}
