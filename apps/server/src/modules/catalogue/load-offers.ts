import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { runPooledBulkTransaction } from '../../db/bulk-transaction';
import type { TDb } from '../../db/database';
import type { TDatasetTable, TDistributionTable, TOfferTable } from '../../db/schema';
import { OFFER_TEXT_COLUMNS, type TWrittenRow } from './catalogue-rows';
import type { TAgentRecord, TOfferRecord } from './offer-record';

export type TLoadOffersOptions = {
  pool: pg.Pool;
  records: Iterable<TOfferRecord>;
  /** Offers per transaction. */
  batchSize?: number;
  /** Batches loading at the same time, each on a connection of its own. */
  concurrency?: number;
  /** Called after each committed batch with the number of offers loaded so far. */
  onProgress?: (loaded: number) => void;
};

type TCopyValue = string | number | boolean | Date | readonly string[] | null;

const OFFER_COLUMNS = [
  ...OFFER_TEXT_COLUMNS,
  'payment_model',
  'price',
  'is_sellable',
  'author',
  'author_email',
  'maintainer',
  'maintainer_email',
  'provider_url',
  'provider',
  'country',
  'terms_of_use',
  'period',
  'access_type',
  'content_type',
  'publisher_id',
  'modified',
  'total_bytes',
] as const;

const DATASET_COLUMNS = [
  'id',
  'offer_id',
  'position',
  'issued',
  'modified',
  'publisher_id',
  'creator_id',
  'custodian_id',
  'themes',
] as const;

const DISTRIBUTION_COLUMNS = [
  'id',
  'dataset_id',
  'position',
  'title',
  'media_type',
  'format',
  'licence',
  'access_url',
  'byte_size',
] as const;

type TOfferRow = TWrittenRow<TOfferTable, (typeof OFFER_COLUMNS)[number]>;
type TDatasetRow = TWrittenRow<TDatasetTable, (typeof DATASET_COLUMNS)[number]>;
type TDistributionRow = TWrittenRow<TDistributionTable, (typeof DISTRIBUTION_COLUMNS)[number]>;

/**
 * The stored row of an offer. Derived columns are computed here, once for both load paths: the total size
 * sums the known file sizes (null when none is known), `modified` is the latest dataset modification and
 * the publisher is the first dataset's.
 */
function offerRow(record: TOfferRecord): TOfferRow {
  let totalBytes: number | null = null;
  let modified: Date | null = null;
  for (const dataset of record.datasets) {
    if (dataset.modified && (!modified || dataset.modified > modified)) modified = dataset.modified;
    for (const distribution of dataset.distributions) {
      if (distribution.byteSize !== null) totalBytes = (totalBytes ?? 0) + distribution.byteSize;
    }
  }
  return {
    id: record.id,
    title: record.title,
    description: record.description,
    language: record.language,
    keywords: record.keywords,
    categories: record.categories,
    payment_model: record.paymentModel,
    price: record.price,
    is_sellable: record.isSellable,
    author: record.author,
    author_email: record.authorEmail,
    maintainer: record.maintainer,
    maintainer_email: record.maintainerEmail,
    provider_url: record.providerUrl,
    provider: record.provider,
    country: record.country,
    terms_of_use: record.termsOfUse,
    period: record.period,
    access_type: record.accessType,
    content_type: record.contentType,
    publisher_id: record.datasets[0]?.publisher.id ?? null,
    modified,
    total_bytes: totalBytes,
  };
}

function datasetRows(record: TOfferRecord): TDatasetRow[] {
  return record.datasets.map((dataset, position) => ({
    id: dataset.id,
    offer_id: record.id,
    position,
    issued: dataset.issued,
    modified: dataset.modified,
    publisher_id: dataset.publisher.id,
    creator_id: dataset.creator?.id ?? null,
    custodian_id: dataset.custodian?.id ?? null,
    themes: dataset.themes,
  }));
}

function distributionRows(record: TOfferRecord): TDistributionRow[] {
  return record.datasets.flatMap((dataset) =>
    dataset.distributions.map((distribution, position) => ({
      id: distribution.id,
      dataset_id: dataset.id,
      position,
      title: distribution.title,
      media_type: distribution.mediaType,
      format: distribution.format,
      licence: distribution.licence,
      access_url: distribution.accessUrl,
      byte_size: distribution.byteSize,
    })),
  );
}

function agentsOf(record: TOfferRecord): TAgentRecord[] {
  const agents: TAgentRecord[] = [];
  for (const dataset of record.datasets) {
    agents.push(dataset.publisher);
    if (dataset.creator) agents.push(dataset.creator);
    if (dataset.custodian) agents.push(dataset.custodian);
  }
  return agents;
}

/** The agents once each, the first of an id kept. */
const distinctAgents = (agents: readonly TAgentRecord[]): TAgentRecord[] => [
  ...new Map(agents.map((agent) => [agent.id, agent])).values(),
];

/** An agent's row; details it lacks are null. */
const agentRow = (agent: TAgentRecord) => ({
  id: agent.id,
  type: agent.type,
  name: agent.name ?? null,
  first_name: agent.firstName ?? null,
  last_name: agent.lastName ?? null,
  email: agent.email ?? null,
});

// ---------------------------------------------------------------------------------------------------------------
// COPY text format: tab-separated, \N for null, and backslash, tab, newline and carriage return escaped.

const SPECIAL = /[\\\t\n\r]/;
const SPECIAL_ALL = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function escapeCopy(text: string): string {
  return SPECIAL.test(text) ? text.replace(SPECIAL_ALL, (char) => ESCAPES[char]!) : text;
}

/** A Postgres array literal with every element quoted, so commas, braces, spaces and 'NULL' stay text. */
export function arrayLiteral(items: readonly string[]): string {
  if (items.length === 0) return '{}';
  let out = '{';
  for (let i = 0; i < items.length; i++) {
    if (i > 0) out += ',';
    out += `"${items[i]!.replace(/[\\"]/g, '\\$&')}"`;
  }
  return `${out}}`;
}

/** One value in COPY text format. */
export function copyField(value: TCopyValue): string {
  if (value === null) return '\\N';
  if (typeof value === 'string') return escapeCopy(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`Cannot load the number ${value}`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (value instanceof Date) return value.toISOString();
  return escapeCopy(arrayLiteral(value));
}

/** Collects COPY rows into chunks of a few hundred kilobytes, so a batch never becomes one huge string. */
class CopyBuffer {
  readonly chunks: string[] = [];
  private current = '';

  add<K extends string>(columns: readonly K[], row: { [key in K]: TCopyValue }): void {
    let line = '';
    for (let i = 0; i < columns.length; i++) {
      if (i > 0) line += '\t';
      line += copyField(row[columns[i]!]);
    }
    this.current += `${line}\n`;
    if (this.current.length > 256 * 1024) this.flush();
  }

  flush(): string[] {
    if (this.current.length > 0) this.chunks.push(this.current);
    this.current = '';
    return this.chunks;
  }
}

type TBatchText = { offers: string[]; datasets: string[]; distributions: string[]; count: number };

function batchText(records: readonly TOfferRecord[]): TBatchText {
  const offers = new CopyBuffer();
  const datasets = new CopyBuffer();
  const distributions = new CopyBuffer();
  for (const record of records) {
    offers.add(OFFER_COLUMNS, offerRow(record));
    for (const row of datasetRows(record)) datasets.add(DATASET_COLUMNS, row);
    for (const row of distributionRows(record)) distributions.add(DISTRIBUTION_COLUMNS, row);
  }
  return {
    offers: offers.flush(),
    datasets: datasets.flush(),
    distributions: distributions.flush(),
    count: records.length,
  };
}

async function copyInto(client: pg.PoolClient, table: string, columns: readonly string[], chunks: string[]) {
  if (chunks.length === 0) return;
  const stream = client.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin`));
  await pipeline(Readable.from(chunks), stream);
}

/** Inserts agents not yet stored in one statement; an agent already present keeps its stored details. */
async function insertAgents(queryable: pg.Pool | pg.PoolClient, agents: readonly TAgentRecord[]): Promise<void> {
  if (agents.length === 0) return;
  await queryable.query(
    `insert into agents (id, type, name, first_name, last_name, email)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
     on conflict (id) do nothing`,
    [
      agents.map((agent) => agent.id),
      agents.map((agent) => agent.type),
      agents.map((agent) => agent.name ?? null),
      agents.map((agent) => agent.firstName ?? null),
      agents.map((agent) => agent.lastName ?? null),
      agents.map((agent) => agent.email ?? null),
    ],
  );
}

async function loadBatch(pool: pg.Pool, batch: TBatchText): Promise<void> {
  // A batch of a big load may take longer than the pool's statement timeout.
  await runPooledBulkTransaction(pool, async (client) => {
    // Fewer, larger merges of new entries into the GIN indexes: about 10% faster loads; cleaned up at the end.
    await client.query(`set local gin_pending_list_limit = '${GIN_PENDING_LIST_LIMIT}'`);
    await copyInto(client, 'offers', OFFER_COLUMNS, batch.offers);
    await copyInto(client, 'datasets', DATASET_COLUMNS, batch.datasets);
    await copyInto(client, 'distributions', DISTRIBUTION_COLUMNS, batch.distributions);
  });
}

const GIN_PENDING_LIST_LIMIT = '32MB';

/**
 * Moves the entries waiting in the pending lists of the offers' GIN indexes into the indexes proper, so
 * searches after a load do not scan a long unsorted list. Needs to own the indexes; skipped otherwise
 * (autovacuum does the same later).
 */
async function cleanGinPendingLists(pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ name: string }>(
    `select c.oid::regclass::text as name
     from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
     where a.amname = 'gin' and i.indrelid = 'offers'::regclass`,
  );
  for (const { name } of rows) {
    await runPooledBulkTransaction(pool, (client) =>
      client.query('select gin_clean_pending_list($1::regclass)', [name]),
    ).catch(() => {});
  }
}

/**
 * Bulk-loads offers with COPY: batches of offers, each in a transaction of its own (all its offers,
 * datasets and distributions or none), several batches at once. The agents a batch names are inserted
 * and committed before the batch, skipping those already written by this load, so concurrent batches
 * never wait on each other's agents. The search vectors are generated by PostgreSQL; the GIN indexes stay in
 * place (dropping and rebuilding them measured only ~10% faster, not worth a window without indexes).
 */
export async function loadOffers({
  pool,
  records,
  batchSize = 10_000,
  concurrency = 2,
  onProgress,
}: TLoadOffersOptions): Promise<{ offers: number }> {
  const seenAgents = new Set<string>();
  const running = new Set<Promise<void>>();
  let loaded = 0;
  let failure: unknown = null;

  const dispatch = async (records: TOfferRecord[]) => {
    const newAgents = new Map<string, TAgentRecord>();
    for (const record of records) {
      for (const agent of agentsOf(record)) {
        if (!seenAgents.has(agent.id) && !newAgents.has(agent.id)) newAgents.set(agent.id, agent);
      }
    }
    await insertAgents(pool, [...newAgents.values()]);
    for (const id of newAgents.keys()) seenAgents.add(id);
    const text = batchText(records);
    const task: Promise<void> = loadBatch(pool, text).then(
      () => {
        loaded += text.count;
        onProgress?.(loaded);
      },
      (error: unknown) => {
        failure ??= error;
      },
    );
    const tracked = task.finally(() => running.delete(tracked));
    running.add(tracked);
    while (running.size >= concurrency) await Promise.race(running);
  };

  try {
    let batch: TOfferRecord[] = [];
    for (const record of records) {
      batch.push(record);
      if (batch.length >= batchSize) {
        await dispatch(batch);
        batch = [];
        if (failure) break;
      }
    }
    if (!failure && batch.length > 0) await dispatch(batch);
  } finally {
    // Whatever stopped the loop (a failed batch, the records or the agents throwing), no batch outlives the call.
    await Promise.all(running);
  }
  if (failure) throw failure;
  if (loaded > 0) await cleanGinPendingLists(pool);
  return { offers: loaded };
}

/**
 * Inserts one offer with its agents, datasets and distributions through Kysely, with the same column
 * semantics as the bulk loader; for tests and small imports.
 */
export async function insertOffer(db: TDb, record: TOfferRecord): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const agents = distinctAgents(agentsOf(record));
    if (agents.length > 0) {
      await trx
        .insertInto('agents')
        .values(agents.map(agentRow))
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute();
    }
    await trx.insertInto('offers').values(offerRow(record)).execute();
    const datasets = datasetRows(record);
    if (datasets.length > 0) await trx.insertInto('datasets').values(datasets).execute();
    const distributions = distributionRows(record);
    if (distributions.length > 0) await trx.insertInto('distributions').values(distributions).execute();
  });
}

/**
 * Characters of JSON one statement of `insertJsonRows` carries at most. Writing the rows of a harvest's batch of
 * 500 offers as one parameter (about a megabyte) held the event loop for 25-40 ms under load, its text made and
 * handed to the socket in one go; a statement per quarter megabyte holds it a fraction of that, and each statement's
 * round trip lets other requests run between them.
 */
const MAX_STATEMENT_JSON = 256 * 1024;

/** The rows as JSON arrays of at most `maxChars` characters each (a longer row alone), made as they are asked for. */
function* jsonSlices(rows: readonly object[], maxChars: number): Generator<string> {
  let parts: string[] = [];
  let length = 0;
  for (const row of rows) {
    const text = JSON.stringify(row);
    if (parts.length > 0 && length + text.length > maxChars) {
      yield `[${parts.join(',')}]`;
      parts = [];
      length = 0;
    }
    parts.push(text);
    length += text.length + 1;
  }
  if (parts.length > 0) yield `[${parts.join(',')}]`;
}

/**
 * Inserts rows given as objects keyed by column name with one parameter a statement: the rows as a JSON array,
 * expanded by `json_populate_recordset` (JSON arrays become PostgreSQL arrays, ISO strings dates). Much less work on
 * both sides than a multi-row INSERT with a parameter per value. Many rows take several statements
 * (MAX_STATEMENT_JSON), in the caller's transaction when it has one.
 */
async function insertJsonRows(
  db: TDb,
  table: 'agents' | 'offers' | 'datasets' | 'distributions',
  columns: readonly string[],
  rows: readonly object[],
  onConflict = '',
): Promise<void> {
  const list = sql.raw(columns.join(', '));
  for (const json of jsonSlices(rows, MAX_STATEMENT_JSON)) {
    await sql`insert into ${sql.table(table)} (${list})
      select ${list} from json_populate_recordset(null::${sql.table(table)}, ${json}::json)
      ${sql.raw(onConflict)}`.execute(db);
  }
}

const AGENT_COLUMNS = ['id', 'type', 'name', 'first_name', 'last_name', 'email'] as const;

async function insertAgentRows(db: TDb, records: readonly TOfferRecord[]): Promise<void> {
  const agents = distinctAgents(records.flatMap(agentsOf));
  await insertJsonRows(db, 'agents', AGENT_COLUMNS, agents.map(agentRow), 'on conflict (id) do nothing');
}

export type TWriteOffersOptions = {
  /** The caller has stored every agent the records name already: they are not inserted again. */
  areAgentsStored?: boolean;
};

/**
 * A use case writing offers in the order their rows depend on each other: their agents (unless stored already),
 * the offers' own rows as `writeOfferRows` writes them, then their datasets and distributions.
 */
function offerWriter(
  writeOfferRows: (db: TDb, records: readonly TOfferRecord[]) => Promise<void>,
): (db: TDb, records: readonly TOfferRecord[], options?: TWriteOffersOptions) => Promise<void> {
  return async (db, records, options = {}) => {
    if (records.length === 0) return;
    if (!options.areAgentsStored) await insertAgentRows(db, records);
    await writeOfferRows(db, records);
    await insertJsonRows(db, 'datasets', DATASET_COLUMNS, records.flatMap(datasetRows));
    await insertJsonRows(db, 'distributions', DISTRIBUTION_COLUMNS, records.flatMap(distributionRows));
  };
}

/**
 * Inserts offers with their agents, datasets and distributions, one statement per table, with the bulk
 * loader's column semantics; runs inside the caller's transaction when given one.
 */
export const insertOffers = offerWriter(async (db, records) => {
  await insertJsonRows(db, 'offers', OFFER_COLUMNS, records.map(offerRow));
});

/**
 * Replaces what stored offers say (same ids): the offer's columns, its datasets and distributions.
 * Likes, link checks of unchanged distributions' offers and the offer's state are left to the caller.
 */
export const replaceOffers = offerWriter(async (db, records) => {
  await db
    .deleteFrom('datasets')
    .where('offer_id', '=', (eb) => eb.fn.any(eb.val(records.map((record) => record.id))))
    .execute();
  const columns = OFFER_COLUMNS.filter((column) => column !== 'id');
  for (const json of jsonSlices(records.map(offerRow), MAX_STATEMENT_JSON)) {
    await sql`update offers set ${sql.raw(columns.map((column) => `${column} = given.${column}`).join(', '))}, updated_at = now()
      from json_populate_recordset(null::offers, ${json}::json) as given
      where offers.id = given.id`.execute(db);
  }
});
