import type pg from 'pg';
import { runBulkTransaction } from '../../db/bulk-transaction';
import type { TDb } from '../../db/database';
import { generateOffers } from './generate-offers';
import { seedLicences } from './licence-catalogue';
import { loadOffers } from './load-offers';
import type { TOfferRecord } from './offer-record';

export type TSeedCatalogueOptions = {
  db: TDb;
  pool: pg.Pool;
  /** Number of offers the demo catalogue gets, `firstOffers` included. */
  datasets: number;
  /**
   * Hand-written offers loaded before the generated ones (as many as `datasets` allows). The demo gets search's judged
   * relevance corpus here, so that its queries work in the product; handed in, so the catalogue knows nothing of search.
   */
  firstOffers?: readonly TOfferRecord[];
  /** Seed of the generated offers. */
  seed?: number;
  /** Offers per transaction and batches at once; see loadOffers. */
  batchSize?: number;
  concurrency?: number;
  onProgress?: (loaded: number) => void;
  /** Changes each demo offer before it is loaded (the embedded demo points its endpoints at the demo files). */
  adaptOffer?: (offer: TOfferRecord) => TOfferRecord;
};

/** Two servers starting on one empty database must not both seed it. */
const SEED_LOCK = 0x05eed_ca7;

function* demoOffers(
  datasets: number,
  seed: number,
  firstOffers: readonly TOfferRecord[],
  adapt: (offer: TOfferRecord) => TOfferRecord = (offer) => offer,
): Generator<TOfferRecord> {
  const first = firstOffers.slice(0, datasets);
  for (const offer of first) yield adapt(offer);
  for (const offer of generateOffers({ count: datasets - first.length, seed })) yield adapt(offer);
}

/**
 * Seeds the demo catalogue: the licence catalogue always (updated in place), and `datasets` offers only
 * when there are no offers yet (then `firstOffers` first, so the demo shows them too, and generated
 * ones after them). Statistics are refreshed after a load so the first searches get good plans. Returns
 * the number of offers loaded, 0 when the catalogue already had offers.
 */
export async function seedCatalogue({
  db,
  pool,
  datasets,
  seed = 1,
  firstOffers = [],
  batchSize,
  concurrency,
  onProgress,
  adaptOffer,
}: TSeedCatalogueOptions): Promise<{ offers: number }> {
  await seedLicences(db);
  if (datasets <= 0) return { offers: 0 };
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [SEED_LOCK]);
    try {
      const { rows } = await lockClient.query<{ has_offers: boolean }>(
        'select exists (select 1 from offers) as has_offers',
      );
      if (rows[0]?.has_offers) return { offers: 0 };
      const loaded = await loadOffers({
        pool,
        records: demoOffers(datasets, seed, firstOffers, adaptOffer),
        ...(batchSize ? { batchSize } : {}),
        ...(concurrency ? { concurrency } : {}),
        ...(onProgress ? { onProgress } : {}),
      });
      // Analyzing a large catalogue can take longer than the pool's statement timeout.
      await runBulkTransaction(lockClient, () => lockClient.query('analyze agents, offers, datasets, distributions'));
      return loaded;
    } finally {
      // Never hide the load's own error behind a failed unlock; the lock ends with the session anyway.
      await lockClient.query('select pg_advisory_unlock($1)', [SEED_LOCK]).catch(() => {});
    }
  } finally {
    lockClient.release();
  }
}
