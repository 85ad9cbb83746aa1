import { type SelectQueryBuilder, sql } from 'kysely';

/**
 * One page of the ids of the rows a filtered query selects, in the order `order` gives, and how many rows it
 * selects in all (both read at once).
 */
export async function pageIds<DB, TB extends keyof DB>(
  filtered: SelectQueryBuilder<DB, TB, object>,
  order: (query: SelectQueryBuilder<DB, TB, { id: string }>) => SelectQueryBuilder<DB, TB, { id: string }>,
  page: { index: number; pageSize: number },
): Promise<{ ids: string[]; total: number }> {
  // Kysely cannot type the selection of a table it does not know yet: an `id` of text, and the count.
  const [rows, count] = await Promise.all([
    order(filtered.select(sql<string>`id`.as('id')).$castTo<{ id: string }>())
      .limit(page.pageSize)
      .offset(page.index * page.pageSize)
      .execute(),
    filtered.select(sql<string>`count(*)`.as('total')).$castTo<{ total: string }>().executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((row) => row.id), total: Number(count.total) };
}
