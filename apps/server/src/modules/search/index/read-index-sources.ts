import { licenceLabelOf, type TLicence } from '@dsm/contracts';
import { sql } from 'kysely';
import type pg from 'pg';
import type { TDb } from '../../../db/database';
import type { TOfferRow, TOfferText } from '../../catalogue/catalogue-rows';
import { listLicences, presentLicence } from '../../licences/list-licences';
import type { TIndexSource } from './index-documents';

type TSourceRow = TOfferText &
  Pick<TOfferRow, 'price' | 'modified' | 'payment_model'> & {
    formats: string[];
    licences: string[];
    publishers: string[];
    has_working_endpoint: boolean;
  };

/**
 * An offer's indexed columns, the formats, licences and publishers of its datasets, and whether the link checker last
 * found one of its distributions online (from the partial index `link_checks_online_offer_idx`; a check changing
 * that queues the offer, migration 0025). Licences are the
 * texts the distributions hold (an id, a URI, a title); toSource names them as everywhere else.
 */
const COLUMNS = `o.id, o.title, o.description, o.language, o.keywords, o.categories, o.price, o.modified, o.payment_model,
  array(select distinct x.format from datasets d join distributions x on x.dataset_id = d.id
        where d.offer_id = o.id and x.format is not null and x.format <> '') as formats,
  array(select distinct x.licence from datasets d join distributions x on x.dataset_id = d.id
        where d.offer_id = o.id and x.licence is not null and x.licence <> '') as licences,
  array(select distinct coalesce(a.name, nullif(trim(concat_ws(' ', a.first_name, a.last_name)), ''), a.id) from datasets d join agents a on a.id = d.publisher_id
        where d.offer_id = o.id) as publishers,
  exists(select 1 from link_checks c where c.offer_id = o.id and c.status = 'online') as has_working_endpoint`;

/**
 * The index's row of an offer. Its licences are the labels the cards, the endpoints table and the terms
 * show (licenceLabelOf), so that the licence facet offers and filters by the same names, never a URI.
 */
const toSource = (
  { payment_model, has_working_endpoint, ...row }: TSourceRow,
  licences: readonly TLicence[],
): TIndexSource => ({
  ...row,
  hasWorkingEndpoint: has_working_endpoint,
  licences: [...new Set(row.licences.map((text) => licenceLabelOf(text, licences)))],
  price: Number(row.price),
  paymentModel: payment_model,
});

/** The given offers as the index needs them; offers that are gone or not active are left out. */
export async function readIndexSources(db: TDb, offerIds: string[]): Promise<TIndexSource[]> {
  if (offerIds.length === 0) return [];
  const { rows } = await sql<TSourceRow>`
    select ${sql.raw(COLUMNS)} from offers o where o.id = any(${offerIds}::uuid[]) and o.state = 'ACTIVE'`.execute(db);
  const licences = rows.some((row) => row.licences.length > 0) ? await listLicences(db) : [];
  return rows.map((row) => toSource(row, licences));
}

/**
 * Every active offer, oldest modification first, in batches read through a cursor of one snapshot (so
 * a catalogue being written meanwhile is read as it was when the build began). `onSnapshot` is told the
 * snapshot's outbox position, the oldest transaction running when it was taken: the build holds the changes of
 * every outbox row below it, so an index built from it follows the outbox from there.
 */
export async function* readAllIndexSources(
  pool: pg.Pool,
  batchSize: number,
  onSnapshot: (horizon: string) => void,
): AsyncGenerator<TIndexSource[]> {
  const client = await pool.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    // Sorting a large catalogue for the cursor may take longer than the pool's statement limit.
    await client.query('set local statement_timeout = 0');
    const { rows: snapshot } = await client.query<{ horizon: string }>(
      'select pg_snapshot_xmin(pg_current_snapshot())::text as horizon',
    );
    onSnapshot(snapshot[0]?.horizon as string);
    const { rows: licenceRows } = await client.query<Parameters<typeof presentLicence>[0]>(
      'select id, title, url, mappings from licences order by title',
    );
    const licences = licenceRows.map(presentLicence);
    await client.query(
      `declare index_sources no scroll cursor for
       select ${COLUMNS} from offers o where o.state = 'ACTIVE' order by o.modified asc nulls first, o.id`,
    );
    for (;;) {
      const { rows } = await client.query<TSourceRow>(`fetch ${batchSize} from index_sources`);
      if (rows.length === 0) break;
      yield rows.map((row) => toSource(row, licences));
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
