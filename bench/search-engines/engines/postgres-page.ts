import type pg from 'pg';
import { COUNT_CAP, PAGE_SIZE, type TEngineResult } from '../engine';

/**
 * A page of matches in `order` and their count capped at COUNT_CAP, as two statements run at once the way
 * findOfferPage runs them; `where` and `order` may use the parameters in `values`.
 */
export async function rankPageAndCount(
  pool: pg.Pool,
  select: { table: string; where: string; order: string; values: unknown[] },
): Promise<TEngineResult> {
  const { table, where, order, values } = select;
  const [page, count] = await Promise.all([
    pool.query<{ seq: number }>(`select seq from ${table} where ${where} order by ${order} limit ${PAGE_SIZE}`, values),
    pool.query<{ n: string }>(
      `select count(*) as n from (select 1 from ${table} where ${where} limit ${COUNT_CAP}) capped`,
      values,
    ),
  ]);
  return { seqs: page.rows.map((row) => row.seq), total: Number(count.rows[0]?.n ?? 0) };
}
