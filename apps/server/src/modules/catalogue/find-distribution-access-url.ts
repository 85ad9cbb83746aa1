import type { TDb } from '../../db/database';

/** The distribution's current access URL and offer, or undefined when it is gone. */
export async function findDistributionAccessUrl(
  db: TDb,
  distributionId: string,
): Promise<{ url: string | null; offerId: string } | undefined> {
  const row = await db
    .selectFrom('distributions as d')
    .innerJoin('datasets as s', 's.id', 'd.dataset_id')
    .select(['d.access_url as url', 's.offer_id as offerId'])
    .where('d.id', '=', distributionId)
    .executeTakeFirst();
  return row;
}
