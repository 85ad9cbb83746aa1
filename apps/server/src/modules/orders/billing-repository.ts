import { type TInvoiceParty, ZInvoiceParty } from '@dsm/contracts';
import { type Selectable, sql } from 'kysely';
import type { TDb } from '../../db/database';
import type { TEntitlementTable } from '../../db/schema';

/** SQL of renewals and monthly usage invoices: the entitlements they bill, with their order lines. */

/** An entitlement with the checkout line that granted it and the buyer of that order. */
export type TBilledEntitlementRow = Selectable<TEntitlementTable> & {
  provider_id: string;
  provider_name: string;
  title: string;
  payment_model: string;
  /** The unit price agreed at checkout. */
  price: string;
  consumer_name: string;
  consumer_email: string;
};

const billedEntitlements = (db: TDb) =>
  db
    .selectFrom('entitlements as e')
    .innerJoin('order_items as i', (join) =>
      join.onRef('i.order_id', '=', 'e.order_id').onRef('i.offer_id', '=', 'e.offer_id'),
    )
    .innerJoin('orders as o', 'o.id', 'e.order_id')
    .selectAll('e')
    .select([
      'i.provider_id',
      'i.provider_name',
      'i.title',
      'i.payment_model',
      'i.price',
      'o.consumer_name',
      'o.consumer_email',
    ])
    .where('o.kind', '=', 'checkout');

/**
 * Locks the next subscription whose paid period has ended by `now`, is neither cancelled nor revoked,
 * and is not held by another run (skipped, so two runs never renew one period twice). `skip` leaves
 * out subscriptions this run already failed on.
 */
export async function lockNextDueSubscription(
  db: TDb,
  due: { now: Date; skip: readonly string[] },
): Promise<TBilledEntitlementRow | undefined> {
  let query = billedEntitlements(db)
    .where('i.payment_model', '=', 'SUBSCRIPTION_BASED')
    .where('e.revoked_at', 'is', null)
    .where('e.cancelled_at', 'is', null)
    .where('e.ends_at', '<=', due.now)
    .orderBy('e.ends_at')
    .limit(1)
    .forUpdate('e')
    .skipLocked();
  if (due.skip.length > 0) query = query.where('e.id', 'not in', [...due.skip]);
  return query.executeTakeFirst() as Promise<TBilledEntitlementRow | undefined>;
}

/** The metered entitlements (per download, per MB) with usage in [from, to), by buyer and supplier. */
export async function selectMeteredEntitlementsWithUsage(
  db: TDb,
  period: { from: Date; to: Date },
): Promise<TBilledEntitlementRow[]> {
  return billedEntitlements(db)
    .where('i.payment_model', 'in', ['PAY_PER_USE_DOWNLOAD', 'DATA_VOLUME_BASED'])
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('usage_events as u')
          .select(sql.lit(1).as('one'))
          .whereRef('u.entitlement_id', '=', 'e.id')
          .where('u.occurred_at', '>=', period.from)
          .where('u.occurred_at', '<', period.to),
      ),
    )
    .orderBy('e.user_id')
    .orderBy('i.provider_id')
    .orderBy('e.starts_at')
    .orderBy('i.position')
    .orderBy('e.id')
    .execute() as Promise<TBilledEntitlementRow[]>;
}

/** Whether a renewal or usage order was issued under this key. */
export async function isBilled(db: TDb, billingKey: string): Promise<boolean> {
  const row = await db.selectFrom('orders').select('id').where('billing_key', '=', billingKey).executeTakeFirst();
  return row !== undefined;
}

/** The buyer as the latest invoice to them named them: the bill-to when their organisation is gone. */
export async function findLastBuyerParty(db: TDb, userId: string): Promise<TInvoiceParty | null> {
  const row = await db
    .selectFrom('invoices as v')
    .innerJoin('orders as o', 'o.id', 'v.order_id')
    .select('v.buyer_party')
    .where('o.consumer_id', '=', userId)
    .where('v.buyer_party', 'is not', null)
    .orderBy('v.issued_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.buyer_party ? ZInvoiceParty.parse(row.buyer_party) : null;
}

/** A buyer's entitlements from checkouts, latest first, with their order lines. */
export async function selectEntitlementsOfBuyer(
  db: TDb,
  buyer: { userId: string; limit: number },
): Promise<TBilledEntitlementRow[]> {
  return billedEntitlements(db)
    .where('e.user_id', '=', buyer.userId)
    .orderBy('e.starts_at', 'desc')
    .orderBy('e.id')
    .limit(buyer.limit)
    .execute() as Promise<TBilledEntitlementRow[]>;
}

/** One buyer's entitlement with its checkout line, for a change by that buyer; locked. */
export async function lockEntitlementWithLine(db: TDb, id: string): Promise<TBilledEntitlementRow | undefined> {
  return billedEntitlements(db).where('e.id', '=', id).forUpdate('e').executeTakeFirst() as Promise<
    TBilledEntitlementRow | undefined
  >;
}

/** One entitlement with its checkout line. */
export async function findEntitlementWithLine(db: TDb, id: string): Promise<TBilledEntitlementRow | undefined> {
  return billedEntitlements(db).where('e.id', '=', id).executeTakeFirst() as Promise<TBilledEntitlementRow | undefined>;
}

/** Usage of one supplier offer in a period, as the supplier's usage page shows it. */
export type TOfferUsageRow = {
  offer_id: string;
  title: string;
  payment_model: string;
  price: string;
  buyers: string;
  requests: string;
  downloads: string;
  bytes: string;
};

/**
 * The offers these publishers sold at checkout, with the latest line's title, model and price, the
 * buyers whose entitlement ran during [from, to), and the deliveries in it: one statement, whose
 * buyers and usage are each one grouped scan of the sold offers rather than a subquery per offer.
 */
export async function selectOfferUsage(
  db: TDb,
  sellers: { supplierIds: readonly string[]; from: Date; to: Date; limit: number },
): Promise<TOfferUsageRow[]> {
  if (sellers.supplierIds.length === 0) return [];
  const { from, to } = sellers;
  const result = await sql<TOfferUsageRow>`
    with sold as (
      select * from (
        select distinct on (i.offer_id) i.offer_id, i.title, i.payment_model, i.price, o.created_at
        from order_items i
        join orders o on o.id = i.order_id
        where o.kind = 'checkout' and i.provider_id = any(${[...sellers.supplierIds]})
        order by i.offer_id, o.created_at desc
      ) latest
      order by created_at desc, offer_id
      limit ${sellers.limit}
    ),
    buyers as (
      select e.offer_id, count(distinct e.user_id) as buyers
      from entitlements e
      where e.offer_id in (select offer_id from sold) and e.starts_at < ${to}
        and (e.ends_at is null or e.ends_at > ${from})
        and (e.revoked_at is null or e.revoked_at > ${from})
      group by e.offer_id
    ),
    used as (
      select offer_id, count(*) as requests,
        count(*) filter (where channel = 'download' and succeeded) as downloads,
        coalesce(sum(bytes), 0) as bytes
      from usage_events
      where offer_id in (select offer_id from sold) and occurred_at >= ${from} and occurred_at < ${to}
      group by offer_id
    )
    select s.offer_id, s.title, s.payment_model, s.price,
      coalesce(b.buyers, 0) as buyers, coalesce(u.requests, 0) as requests,
      coalesce(u.downloads, 0) as downloads, coalesce(u.bytes, 0) as bytes
    from sold s
    left join buyers b on b.offer_id = s.offer_id
    left join used u on u.offer_id = s.offer_id
    order by s.created_at desc, s.offer_id
  `.execute(db);
  return result.rows;
}
