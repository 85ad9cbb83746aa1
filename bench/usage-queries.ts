// `npm run bench:usage-queries [-- --entitlements 200 --events 50 --runs 50]`: the usage pages' queries with
// many entitlements. Creates a fresh database on DATABASE_URL's server (default: the local PostgreSQL at
// 127.0.0.1:5432, user postgres), migrates it, gives one buyer `--entitlements` metered entitlements of one
// supplier with `--events` usage events each this month (and as many last month), and times
// `GET /api/acquisitions/usage` and `GET /api/sales/usage` as their use cases answer them: the grouped
// queries of today against the former one-query-per-entitlement reading (and the former per-offer
// subqueries of the sales usage), which are kept here as the baseline. Prints median and p95 milliseconds
// and the number of SQL statements per answer; the database is dropped at the end.

import { parseArgs } from 'node:util';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { migrateToLatest, type TDb } from '../apps/server/src/db/database';
import type { TDatabase } from '../apps/server/src/db/schema';
import { selectEntitlementsOfBuyer, selectOfferUsage } from '../apps/server/src/modules/orders/billing-repository';
import { billingMonthOf } from '../apps/server/src/modules/orders/invoice-dates';
import { listAcquisitionUsage, MAX_USAGE_ENTITLEMENTS } from '../apps/server/src/modules/orders/list-acquisition-usage';
import { listSalesUsage } from '../apps/server/src/modules/orders/list-sales-usage';
import { presentEntitlementUsage, presentOfferUsage } from '../apps/server/src/modules/orders/present-usage';
import { selectUsageTotals } from '../apps/server/src/modules/usage/usage-repository';

const { values: args } = parseArgs({
  options: {
    entitlements: { type: 'string', default: '200' },
    events: { type: 'string', default: '50' },
    runs: { type: 'string', default: '50' },
  },
});
const entitlementCount = Number(args.entitlements);
const eventsEach = Number(args.events);
const runs = Number(args.runs);

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `dsm_bench_usage_${process.pid}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
let statements = 0;
const db: TDb = new Kysely<TDatabase>({
  dialect: new PostgresDialect({ pool }),
  log: (event) => {
    if (event.level === 'query') statements++;
  },
});

/** The former answer of `GET /api/acquisitions/usage`: one usage query per entitlement. */
async function acquisitionUsageBefore(userId: string, now: Date) {
  const month = billingMonthOf(now);
  const rows = await selectEntitlementsOfBuyer(db, { userId, limit: MAX_USAGE_ENTITLEMENTS });
  const entitlements = [];
  for (const row of rows) {
    const totals = await selectUsageTotals(db, { entitlementId: row.id, from: month.from, to: month.to });
    entitlements.push(presentEntitlementUsage({ row, totals, invoice: null, now }));
  }
  return { period: { from: month.from.toISOString(), to: month.to.toISOString() }, entitlements };
}

/** The former statement of `GET /api/sales/usage`: a buyers subquery and a usage subquery per offer. */
async function salesUsageBefore(supplierIds: string[], now: Date) {
  const { from, to } = billingMonthOf(now);
  const result = await sql<Parameters<typeof presentOfferUsage>[0]>`
    with sold as (
      select distinct on (i.offer_id) i.offer_id, i.title, i.payment_model, i.price, o.created_at
      from order_items i
      join orders o on o.id = i.order_id
      where o.kind = 'checkout' and i.provider_id = any(${supplierIds})
      order by i.offer_id, o.created_at desc
    )
    select s.offer_id, s.title, s.payment_model, s.price,
      (select count(distinct e.user_id) from entitlements e
        where e.offer_id = s.offer_id and e.starts_at < ${to}
          and (e.ends_at is null or e.ends_at > ${from})
          and (e.revoked_at is null or e.revoked_at > ${from})) as buyers,
      u.requests, u.downloads, u.bytes
    from sold s
    cross join lateral (
      select count(*) as requests,
        count(*) filter (where channel = 'download' and succeeded) as downloads,
        coalesce(sum(bytes), 0) as bytes
      from usage_events
      where offer_id = s.offer_id and occurred_at >= ${from} and occurred_at < ${to}
    ) u
    order by s.created_at desc, s.offer_id
    limit 200
  `.execute(db);
  return result.rows.map(presentOfferUsage);
}

async function time(label: string, run: () => Promise<unknown>) {
  for (let warm = 0; warm < 5; warm++) await run();
  const durations: number[] = [];
  statements = 0;
  for (let index = 0; index < runs; index++) {
    const start = performance.now();
    await run();
    durations.push(performance.now() - start);
  }
  durations.sort((a, b) => a - b);
  const at = (fraction: number) => durations[Math.min(durations.length - 1, Math.floor(fraction * durations.length))]!;
  return { label, median: at(0.5), p95: at(0.95), statements: statements / runs };
}

try {
  await migrateToLatest(db);
  const buyer = 'bench-buyer';
  const supplier = 'https://dsm.example/agents/bench-supplier';
  const seller = 'bench-seller';
  const now = new Date();
  const month = billingMonthOf(now);
  await db.insertInto('agents').values({ id: supplier, type: 'foaf:Organization', name: 'Bench supplier' }).execute();
  await db.insertInto('agent_members').values({ agent_id: supplier, user_id: seller }).execute();
  const order = await db
    .insertInto('orders')
    .values({
      consumer_id: buyer,
      consumer_name: 'Bench buyer',
      consumer_email: 'buyer@bench.example',
      payment_method: 'INVOICE',
      state: 'paid',
      request_fingerprint: 'bench',
      pay_by: new Date(now.getTime() + 30 * 86_400_000),
      created_at: month.from,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const offers = Array.from({ length: entitlementCount }, () => crypto.randomUUID());
  await db
    .insertInto('order_items')
    .values(
      offers.map((offerId, position) => ({
        order_id: order.id,
        position,
        offer_id: offerId,
        provider_id: supplier,
        provider_name: 'Bench supplier',
        title: `Offer ${position}`,
        payment_model: position % 2 ? 'DATA_VOLUME_BASED' : 'PAY_PER_USE_DOWNLOAD',
        price: position % 2 ? 0.05 : 0.99,
        invoice_id: null,
      })),
    )
    .execute();
  const entitlements = await db
    .insertInto('entitlements')
    .values(offers.map((offerId) => ({ user_id: buyer, offer_id: offerId, order_id: order.id, starts_at: month.from })))
    .returning(['id', 'offer_id'])
    .execute();
  const lastMonth = billingMonthOf(now, -1);
  for (const entitlement of entitlements) {
    const events = [];
    for (let index = 0; index < eventsEach; index++) {
      for (const period of [month, lastMonth]) {
        const span = Math.max(1, Math.min(now.getTime(), period.to.getTime()) - period.from.getTime());
        events.push({
          entitlement_id: entitlement.id,
          offer_id: entitlement.offer_id,
          user_id: buyer,
          channel: index % 3 ? ('download' as const) : ('api' as const),
          succeeded: index % 7 !== 0,
          bytes: 1000 + index,
          occurred_at: new Date(period.from.getTime() + ((index * 7919) % span)),
        });
      }
    }
    await db.insertInto('usage_events').values(events).execute();
  }
  await sql`analyze`.execute(db);

  // The grouped answers are the former ones.
  const [before, after] = [
    await acquisitionUsageBefore(buyer, now),
    await listAcquisitionUsage({ db, userId: buyer, now }),
  ];
  if (JSON.stringify(before) !== JSON.stringify(after)) throw new Error('the acquisition usage answers differ');
  const salesBefore = await salesUsageBefore([supplier], now);
  const salesAfter = (await listSalesUsage({ db, userId: seller, now })).offers;
  if (JSON.stringify(salesBefore) !== JSON.stringify(salesAfter)) throw new Error('the sales usage answers differ');
  if (
    (await selectOfferUsage(db, { supplierIds: [supplier], from: month.from, to: month.to, limit: 200 })).length !==
    entitlementCount
  ) {
    throw new Error('the sales usage lists fewer offers than sold');
  }

  const results = [
    await time('acquisitions/usage, one query per entitlement (before)', () => acquisitionUsageBefore(buyer, now)),
    await time('acquisitions/usage, grouped (now)', () => listAcquisitionUsage({ db, userId: buyer, now })),
    await time('sales/usage, subqueries per offer (before)', () => salesUsageBefore([supplier], now)),
    await time('sales/usage, grouped (now)', () => listSalesUsage({ db, userId: seller, now })),
  ];
  console.log(
    `${entitlementCount} entitlements, ${eventsEach} usage events each this month and last, ${runs} runs each (answers checked equal)`,
  );
  console.log('| answer | median ms | p95 ms | SQL statements |');
  console.log('|---|---|---|---|');
  for (const result of results) {
    console.log(`| ${result.label} | ${result.median.toFixed(1)} | ${result.p95.toFixed(1)} | ${result.statements} |`);
  }
} finally {
  await db.destroy();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
