import { sql } from 'kysely';
import type { TDb } from '../../db/database';
import type { TOfferRows, TStoredDistribution, TStoredOffer } from './catalogue-rows';
import { supplierAgentId, type TSupplier } from './supplier-agent';

// The schema types `updated_at` as a generated column, which Kysely's update types cannot take a value for.
const NOW = sql`now()` as never;

/** The offers table's states: ACTIVE is searchable; UNPUBLISHED is kept for its owner only. */
export type TOfferState = 'ACTIVE' | 'UNPUBLISHED';

/** An owner's offer as the module reads it. */
export type TOwnOfferRow = TStoredOffer & {
  id: string;
  owner_id: string | null;
  state: string;
  created_at: Date;
  updated_at: Date;
  issued: Date | null;
  publish_failure: { step: string; message: string } | null;
  endpoint_count: number;
};

/**
 * The publisher agent standing for a supplier: an organisation named after the user, created on
 * their first offer and kept afterwards (other offers and orders name it). The user becomes a member,
 * so the orders module shows them the sales and invoices of that agent.
 */
export async function ensureSupplierAgent(db: TDb, supplier: TSupplier): Promise<string> {
  const id = supplierAgentId(supplier.id);
  await db
    .insertInto('agents')
    .values({
      id,
      type: 'foaf:Organization',
      name: supplier.name || supplier.email,
      first_name: null,
      last_name: null,
      email: supplier.email || null,
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  await sql`
    insert into agent_members (agent_id, user_id) values (${id}, ${supplier.id})
    on conflict do nothing`.execute(db);
  return id;
}

async function insertChildren(db: TDb, rows: TOfferRows): Promise<void> {
  await db.insertInto('datasets').values(rows.dataset).execute();
  if (rows.distributions.length > 0) await db.insertInto('distributions').values(rows.distributions).execute();
}

/** Stores a new offer with its dataset and distributions, in the given state. */
export async function insertOwnOffer(db: TDb, rows: TOfferRows, state: TOfferState): Promise<void> {
  const now = new Date();
  await db
    .insertInto('offers')
    .values({
      ...rows.offer,
      state,
      published_at: state === 'ACTIVE' ? now : null,
      publish_failure: null,
    })
    .execute();
  await insertChildren(db, rows);
}

/**
 * Replaces an offer's content with new rows. The dataset and its distributions are written anew
 * (the endpoints table may have grown or shrunk); likes and orders refer to the offer and stay.
 */
export async function replaceOwnOffer(db: TDb, rows: TOfferRows, state: TOfferState): Promise<void> {
  const now = new Date();
  const { id, owner_id: _owner, ...content } = rows.offer;
  await db
    .updateTable('offers')
    .set({
      ...content,
      state,
      updated_at: NOW,
      published_at: state === 'ACTIVE' ? now : null,
      publish_failure: null,
    })
    .where('id', '=', id)
    .execute();
  await db.deleteFrom('datasets').where('offer_id', '=', id).execute();
  await insertChildren(db, rows);
}

/**
 * Takes the offer's row lock for the rest of the transaction, so changes of one offer run one after
 * the other; waits at most lockTimeoutMs for a change under way, then fails with SQLSTATE 55P03.
 */
export async function lockOffer(db: TDb, id: string, lockTimeoutMs: number): Promise<void> {
  await sql`select set_config('lock_timeout', ${`${lockTimeoutMs}ms`}, true)`.execute(db);
  await db.selectFrom('offers').select('id').where('id', '=', id).forUpdate().execute();
}

/** Changes an offer's state; a failure says why publishing did not complete. */
export async function updateOfferState(
  db: TDb,
  id: string,
  state: TOfferState,
  failure: { step: string; message: string } | null = null,
): Promise<void> {
  const now = new Date();
  await db
    .updateTable('offers')
    .set({
      state,
      updated_at: NOW,
      publish_failure: failure === null ? null : JSON.stringify(failure),
      ...(state === 'ACTIVE' ? { published_at: now } : {}),
    })
    .where('id', '=', id)
    .execute();
}

const OWN_OFFER_COLUMNS = [
  'o.id',
  'o.owner_id',
  'o.state',
  'o.title',
  'o.description',
  'o.language',
  'o.keywords',
  'o.categories',
  'o.payment_model',
  'o.price',
  'o.currency',
  'o.author',
  'o.author_email',
  'o.maintainer',
  'o.maintainer_email',
  'o.access_type',
  'o.content_type',
  'o.pricing_option',
  'o.geo_restriction',
  'o.time_restriction',
  'o.time_unit',
  'o.connector_id',
  'o.publish_failure',
  'o.created_at',
  'o.updated_at',
] as const;

function ownOffersQuery(db: TDb) {
  return db
    .selectFrom('offers as o')
    .select(OWN_OFFER_COLUMNS)
    .select((eb) => [
      eb
        .selectFrom('datasets as d')
        .select('d.issued')
        .whereRef('d.offer_id', '=', 'o.id')
        .orderBy('d.position')
        .limit(1)
        .as('issued'),
      eb
        .selectFrom('distributions as di')
        .innerJoin('datasets as d', 'd.id', 'di.dataset_id')
        .select(sql<string>`count(*)`.as('count'))
        .whereRef('d.offer_id', '=', 'o.id')
        .as('endpoint_count'),
    ]);
}

function toOwnOfferRow(row: Awaited<ReturnType<ReturnType<typeof ownOffersQuery>['executeTakeFirstOrThrow']>>) {
  return { ...row, endpoint_count: Number(row.endpoint_count ?? 0) } as unknown as TOwnOfferRow;
}

/** One offer with what its owner sees, or null when there is none with that id. */
export async function selectOwnOffer(db: TDb, id: string): Promise<TOwnOfferRow | null> {
  const row = await ownOffersQuery(db).where('o.id', '=', id).executeTakeFirst();
  return row ? toOwnOfferRow(row) : null;
}

/** Every offer a user owns, latest change first. */
export async function selectOwnOffers(db: TDb, ownerId: string): Promise<TOwnOfferRow[]> {
  const rows = await ownOffersQuery(db)
    .where('o.owner_id', '=', ownerId)
    .orderBy('o.updated_at', 'desc')
    .orderBy('o.id')
    .execute();
  return rows.map(toOwnOfferRow);
}

/** An offer's endpoints in the order of the endpoints table. */
export async function selectOfferDistributions(
  db: TDb,
  offerId: string,
): Promise<(TStoredDistribution & { id: string })[]> {
  return db
    .selectFrom('distributions as di')
    .innerJoin('datasets as d', 'd.id', 'di.dataset_id')
    .select([
      'di.id',
      'di.title',
      'di.description',
      'di.media_type',
      'di.format',
      'di.licence',
      'di.access_url',
      'di.byte_size',
      'di.size_unit',
      'di.is_public_sample',
    ])
    .where('d.offer_id', '=', offerId)
    .orderBy('d.position')
    .orderBy('di.position')
    .execute();
}
