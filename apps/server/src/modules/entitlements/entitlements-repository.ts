import { type Selectable, type SqlBool, sql } from 'kysely';
import type { TDb } from '../../db/database';
import type { TEntitlementTable } from '../../db/schema';

/** SQL of entitlements. Rows stay in this module; the policy and the use cases decide what they mean. */

export type TEntitlementRow = Selectable<TEntitlementTable>;

/** The end of an entitlement from an offer's time restriction, or null when the offer has none. */
const endOf = (startsAt: Date) => sql<Date | null>`
  case
    when o.time_restriction is null or o.time_unit is null then null
    when o.time_unit = 'Days' then ${startsAt}::timestamptz + make_interval(days => o.time_restriction)
    when o.time_unit = 'Months' then ${startsAt}::timestamptz + make_interval(months => o.time_restriction)
    else ${startsAt}::timestamptz + make_interval(years => o.time_restriction)
  end`;

/**
 * One entitlement per offer of an order, starting at `startsAt` and ending after the offer's time
 * restriction as it stands now. Offers no longer in the catalogue get none (an order never names them:
 * it checks every offer first). Granting an order's offers again changes nothing.
 */
export async function insertEntitlements(
  db: TDb,
  grant: { userId: string; orderId: string; offerIds: readonly string[]; startsAt: Date },
): Promise<TEntitlementRow[]> {
  if (grant.offerIds.length === 0) return [];
  return db
    .insertInto('entitlements')
    .columns(['user_id', 'offer_id', 'order_id', 'starts_at', 'ends_at'])
    .expression(
      db
        .selectFrom('offers as o')
        .select([
          sql.val(grant.userId).as('user_id'),
          'o.id',
          sql.val(grant.orderId).as('order_id'),
          sql.val(grant.startsAt).as('starts_at'),
          endOf(grant.startsAt).as('ends_at'),
        ])
        .where('o.id', '=', (eb) => eb.fn.any(eb.val([...grant.offerIds]))),
    )
    .onConflict((oc) => oc.columns(['order_id', 'offer_id']).doNothing())
    .returningAll()
    .execute();
}

/** Revokes the entitlements of these offers of an order (their invoice or the order was cancelled). */
export async function revokeEntitlementRows(
  db: TDb,
  revocation: { orderId: string; offerIds: readonly string[]; revokedAt: Date },
): Promise<number> {
  if (revocation.offerIds.length === 0) return 0;
  const result = await db
    .updateTable('entitlements')
    .set({ revoked_at: revocation.revokedAt })
    .where('order_id', '=', revocation.orderId)
    .where('offer_id', '=', (eb) => eb.fn.any(eb.val([...revocation.offerIds])))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Moves the end of these entitlements (a subscription's next paid period). */
export async function moveEntitlementEnds(db: TDb, ids: readonly string[], endsAt: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('entitlements')
    .set({ ends_at: endsAt })
    .where('id', '=', (eb) => eb.fn.any(eb.val([...ids])))
    .execute();
}

/** Revokes entitlements by id (an unpaid renewal or usage invoice was cancelled); answers how many. */
export async function revokeEntitlementRowsById(db: TDb, ids: readonly string[], revokedAt: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('entitlements')
    .set({ revoked_at: revokedAt })
    .where('id', '=', (eb) => eb.fn.any(eb.val([...ids])))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Locks one entitlement for a change; undefined when there is none. */
export async function lockEntitlement(db: TDb, id: string): Promise<TEntitlementRow | undefined> {
  return db.selectFrom('entitlements').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Marks a subscription cancelled by its buyer: it runs to its end and is not renewed. */
export async function markEntitlementCancelled(db: TDb, id: string, cancelledAt: Date): Promise<void> {
  await db
    .updateTable('entitlements')
    .set({ cancelled_at: cancelledAt })
    .where('id', '=', id)
    .where('cancelled_at', 'is', null)
    .execute();
}

/** A user's entitlements to an offer that are active at `now`, the one lasting longest first. */
export async function selectActiveEntitlements(
  db: TDb,
  holder: { userId: string; offerId: string; now: Date },
): Promise<TEntitlementRow[]> {
  return db
    .selectFrom('entitlements')
    .selectAll()
    .where('user_id', '=', holder.userId)
    .where('offer_id', '=', holder.offerId)
    .where('revoked_at', 'is', null)
    .where('starts_at', '<=', holder.now)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', holder.now)]))
    .orderBy(sql`ends_at desc nulls first`)
    .orderBy('starts_at')
    .orderBy('id')
    .execute();
}

/** What the access-URL policy needs to know of one offer for one user. */
export type TAccessFactsRow = {
  id: string;
  payment_model: string;
  price: string;
  /** The user published the offer, or acts for the publisher of one of its datasets (null: no owner, not a member). */
  is_supplier: SqlBool | null;
  /** The user holds an entitlement to it that is active now. */
  is_entitled: SqlBool;
};

/** The access facts of these offers for a user, in one statement; unknown ids are left out. */
export async function selectAccessFacts(
  db: TDb,
  viewer: { userId: string; offerIds: readonly string[]; now: Date },
): Promise<TAccessFactsRow[]> {
  if (viewer.offerIds.length === 0) return [];
  const { userId, now } = viewer;
  return db
    .selectFrom('offers as o')
    .select((eb) => [
      'o.id',
      'o.payment_model',
      'o.price',
      eb
        .or([
          eb('o.owner_id', '=', userId),
          eb.exists(
            eb
              .selectFrom('datasets as d')
              .innerJoin('agent_members as m', 'm.agent_id', 'd.publisher_id')
              .select(sql.lit(1).as('one'))
              .whereRef('d.offer_id', '=', 'o.id')
              .where('m.user_id', '=', userId),
          ),
        ])
        .as('is_supplier'),
      eb
        .exists(
          eb
            .selectFrom('entitlements as e')
            .select(sql.lit(1).as('one'))
            .whereRef('e.offer_id', '=', 'o.id')
            .where('e.user_id', '=', userId)
            .where('e.revoked_at', 'is', null)
            .where('e.starts_at', '<=', now)
            .where((inner) => inner.or([inner('e.ends_at', 'is', null), inner('e.ends_at', '>', now)])),
        )
        .as('is_entitled'),
    ])
    .where('o.id', '=', (eb) => eb.fn.any(eb.val([...viewer.offerIds])))
    .execute();
}

/** Everything that gives a user access to paid offers, as `findUserAccess` keeps it. */
export type TAccessOfUserRows = {
  /** Per offer with an entitlement active at `now`: the latest end (null: none). */
  entitlements: { offerId: string; endsAt: Date | null }[];
  /** Offers the user owns, at most `ownedLimit`. */
  ownedOffers: string[];
  /** Publisher agents the user acts for. */
  publisherAgents: string[];
};

/** A user's active entitlements, own offers (up to a limit) and publisher memberships, in one statement. */
export async function selectAccessOfUser(
  db: TDb,
  viewer: { userId: string; now: Date; ownedLimit: number },
): Promise<TAccessOfUserRows> {
  const { userId, now, ownedLimit } = viewer;
  const { rows } = await sql<{ kind: 'entitled' | 'owned' | 'agent'; id: string; ends_at: Date | null }>`
    (select 'entitled' as kind, e.offer_id::text as id,
        case when bool_or(e.ends_at is null) then null else max(e.ends_at) end as ends_at
      from entitlements e
      where e.user_id = ${userId} and e.revoked_at is null and e.starts_at <= ${now}
        and (e.ends_at is null or e.ends_at > ${now})
      group by e.offer_id)
    union all
    (select 'owned', o.id::text, null from offers o where o.owner_id = ${userId} limit ${ownedLimit})
    union all
    (select 'agent', m.agent_id::text, null from agent_members m where m.user_id = ${userId})`.execute(db);
  const access: TAccessOfUserRows = { entitlements: [], ownedOffers: [], publisherAgents: [] };
  for (const row of rows) {
    if (row.kind === 'entitled') access.entitlements.push({ offerId: row.id, endsAt: row.ends_at });
    else if (row.kind === 'owned') access.ownedOffers.push(row.id);
    else access.publisherAgents.push(row.id);
  }
  return access;
}
