import { sql } from 'kysely';
import type { TDb } from '../../db/database';
import type { TLinkCheckResult } from './check-link';

/** A distribution as the checker sees it. */
export type TCheckableDistribution = { distributionId: string; offerId: string; url: string };

export type TLinkCheckRow = {
  distribution_id: string;
  url: string;
  status: 'online' | 'offline' | null;
  http_status: number | null;
  byte_size: string | null;
  failure: string | null;
  checked_at: Date | null;
};

/** The stored checks of these distributions, whatever URL they were made for. */
export async function findLinkChecks(db: TDb, distributionIds: readonly string[]): Promise<TLinkCheckRow[]> {
  if (distributionIds.length === 0) return [];
  return db
    .selectFrom('link_checks')
    .select(['distribution_id', 'url', 'status', 'http_status', 'byte_size', 'failure', 'checked_at'])
    .where('distribution_id', '=', (eb) => eb.fn.any(eb.val([...distributionIds])))
    .execute();
}

/**
 * Records that these distributions need a check: a new row for one never asked about, and a reset
 * row for one whose URL changed since. Answers the distributions it recorded; one asked about
 * already (even a moment ago, by a concurrent request) is left alone, so each is queued once.
 */
export async function recordCheckRequests(
  db: TDb,
  distributions: readonly TCheckableDistribution[],
): Promise<string[]> {
  if (distributions.length === 0) return [];
  // One array parameter per column: a harvest batch asks for thousands at once, and a VALUES list with three
  // parameters per row costs PostgreSQL more to parse and plan than inserting the rows.
  const { rows } = await sql<{ distribution_id: string }>`
    insert into link_checks (distribution_id, offer_id, url)
    select * from unnest(${distributions.map((distribution) => distribution.distributionId)}::text[],
      ${distributions.map((distribution) => distribution.offerId)}::uuid[],
      ${distributions.map((distribution) => distribution.url)}::text[])
    on conflict (distribution_id) do update
      set url = excluded.url, status = null, http_status = null, byte_size = null, failure = null,
        checked_at = null, requested_at = now()
      where link_checks.url <> excluded.url
    returning distribution_id`.execute(db);
  return rows.map((row) => row.distribution_id);
}

/**
 * Notes offers whose distributions the checker should look at when its sweep gets to them: one row per
 * offer, however many distributions it has, so a harvest writing thousands of offers a second pays little.
 */
export async function recordOffersToCheck(db: TDb, offerIds: readonly string[]): Promise<void> {
  if (offerIds.length === 0) return;
  await sql`insert into link_check_offers (offer_id) select unnest(${offerIds}::uuid[])
    on conflict do nothing`.execute(db);
}

/**
 * What a concurrent harvest can make a take of noted offers fail with: a foreign-key violation (a
 * distribution read was removed before its request was recorded) or a deadlock (the harvest, holding that
 * distribution, waits to note the offer the take holds).
 */
const RETRIED_CODES = new Set(['23503', '40P01']);
/** Attempts of one take of noted offers when concurrent writes keep removing distributions under it. */
const NOTED_OFFERS_ATTEMPTS = 3;

/**
 * Takes up to `limit` of the offers noted by `recordOffersToCheck` and records a request for each of their
 * http(s) distributions never checked, or checked for another URL, in one transaction. Answers how many
 * offers it took (fewer than `limit`: none are left) and the distributions it recorded. Concurrent sweeps
 * take different offers.
 * A harvest rewriting one of the offers meanwhile can remove a distribution the statement has read but not
 * yet recorded; the insert then fails on its foreign key (or on a deadlock with the harvest), the take
 * rolls back (the offers stay noted) and is tried again at once, seeing the offer as the harvest left it.
 */
export async function requestChecksOfNotedOffers(
  db: TDb,
  limit: number,
): Promise<{ offers: number; recorded: string[] }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await takeNotedOffers(db, limit);
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (typeof code !== 'string' || !RETRIED_CODES.has(code) || attempt >= NOTED_OFFERS_ATTEMPTS) throw error;
    }
  }
}

async function takeNotedOffers(db: TDb, limit: number): Promise<{ offers: number; recorded: string[] }> {
  return db.transaction().execute(async (trx) => {
    const { rows: taken } = await sql<{ offer_id: string }>`
      delete from link_check_offers
      where offer_id = any(array(select offer_id from link_check_offers limit ${limit} for update skip locked))
      returning offer_id`.execute(trx);
    if (taken.length === 0) return { offers: 0, recorded: [] };
    // Offer by offer through the indexes on datasets.offer_id and distributions.dataset_id, whatever the
    // statistics say: planned as a join, a fresh catalogue's missing statistics led PostgreSQL to scan every
    // distribution. OFFSET 0 keeps each subquery a lookup of its own.
    const { rows } = await sql<{ distribution_id: string }>`
      insert into link_checks (distribution_id, offer_id, url)
      select d.id, s.offer_id, btrim(d.access_url)
      from unnest(${taken.map((row) => row.offer_id)}::uuid[]) as taken (offer_id)
        cross join lateral (select id, offer_id from datasets where offer_id = taken.offer_id offset 0) s
        cross join lateral (select id, access_url from distributions where dataset_id = s.id offset 0) d
      where d.access_url ~ '^https?://'
      on conflict (distribution_id) do update
        set url = excluded.url, status = null, http_status = null, byte_size = null, failure = null,
          checked_at = null, requested_at = now()
        where link_checks.url <> excluded.url
      returning distribution_id`.execute(trx);
    return { offers: taken.length, recorded: rows.map((row) => row.distribution_id) };
  });
}

/** Stores a finished check of `url`; a result for a URL the distribution no longer has is dropped. */
export async function saveLinkCheck(
  db: TDb,
  check: TCheckableDistribution & { result: TLinkCheckResult },
): Promise<void> {
  const { result } = check;
  const values = {
    status: result.status,
    http_status: result.httpStatus,
    byte_size: result.byteSize,
    failure: result.failure,
    checked_at: sql<Date>`now()`,
  };
  await db
    .insertInto('link_checks')
    .values({ distribution_id: check.distributionId, offer_id: check.offerId, url: check.url, ...values })
    .onConflict((conflict) =>
      conflict
        .column('distribution_id')
        .doUpdateSet(values)
        .where('link_checks.url', '=', (eb) => eb.ref('excluded.url')),
    )
    .execute();
}

/**
 * Claims up to `limit` checks that are due: finished longer than `recheckHours` ago, or asked for
 * and never finished (a lost job) for longer than `retryMinutes`, leaving out `except` (queued a moment
 * ago). Claiming moves `requested_at` to now, so the next sweep leaves them to the queue for a while.
 */
export async function claimDueChecks(
  db: TDb,
  options: { recheckHours: number; retryMinutes: number; limit: number; except?: readonly string[] },
): Promise<string[]> {
  if (options.limit <= 0) return [];
  const { rows } = await sql<{ distribution_id: string }>`
    update link_checks set requested_at = now()
    where distribution_id in (
      select distribution_id from link_checks
      where requested_at < now() - make_interval(mins => ${options.retryMinutes})
        and distribution_id <> all(${options.except ?? []}::text[])
        and (checked_at is null or checked_at < now() - make_interval(hours => ${options.recheckHours}))
      order by checked_at nulls first, requested_at
      limit ${options.limit}
      for update skip locked
    )
    returning distribution_id`.execute(db);
  return rows.map((row) => row.distribution_id);
}
