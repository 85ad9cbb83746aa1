import type { Insertable, Selectable } from 'kysely';
import type { TDb } from '../../db/database';
import type { TUsageEventTable } from '../../db/schema';

/** SQL of usage events. The table is append-only: this module only inserts and reads. */

export type TUsageEventRow = Selectable<TUsageEventTable>;

export async function insertUsageEvent(db: TDb, event: Insertable<TUsageEventTable>): Promise<TUsageEventRow> {
  return db.insertInto('usage_events').values(event).returningAll().executeTakeFirstOrThrow();
}

/** Totals of one entitlement's usage in [from, to). */
export type TUsageTotals = {
  requests: number;
  successfulRequests: number;
  bytes: bigint;
  downloads: number;
};

export async function selectUsageTotals(
  db: TDb,
  period: { entitlementId: string; from: Date; to: Date },
): Promise<TUsageTotals> {
  const totals = await selectUsageTotalsByEntitlement(db, {
    entitlementIds: [period.entitlementId],
    from: period.from,
    to: period.to,
  });
  return totals.get(period.entitlementId) as TUsageTotals;
}

/**
 * Totals of many entitlements' usage in [from, to), in one query (grouped by entitlement); an
 * entitlement without usage in the period is answered with zeros.
 */
export async function selectUsageTotalsByEntitlement(
  db: TDb,
  period: { entitlementIds: readonly string[]; from: Date; to: Date },
): Promise<Map<string, TUsageTotals>> {
  const totals = new Map<string, TUsageTotals>();
  if (period.entitlementIds.length === 0) return totals;
  const rows = await db
    .selectFrom('usage_events')
    .select((eb) => [
      'entitlement_id',
      eb.fn.countAll<string>().as('requests'),
      eb.fn.count<string>('id').filterWhere('succeeded', '=', true).as('successful'),
      eb.fn.coalesce(eb.fn.sum<string>('bytes'), eb.val('0')).as('bytes'),
      eb.fn
        .count<string>('id')
        .filterWhere((w) => w.and([w('channel', '=', 'download'), w('succeeded', '=', true)]))
        .as('downloads'),
    ])
    .where('entitlement_id', 'in', [...period.entitlementIds])
    .where('occurred_at', '>=', period.from)
    .where('occurred_at', '<', period.to)
    .groupBy('entitlement_id')
    .execute();
  for (const id of period.entitlementIds) {
    totals.set(id, { requests: 0, successfulRequests: 0, bytes: 0n, downloads: 0 });
  }
  for (const row of rows) {
    totals.set(row.entitlement_id, {
      requests: Number(row.requests),
      successfulRequests: Number(row.successful),
      bytes: BigInt(row.bytes),
      downloads: Number(row.downloads),
    });
  }
  return totals;
}
