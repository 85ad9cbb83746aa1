import { type Kysely, sql } from 'kysely';

/** The offer columns the search index reads: a change to any other column (likes, rating, ...) is not queued. */
const INDEXED_COLUMNS = [
  'title',
  'description',
  'language',
  'keywords',
  'categories',
  'price',
  'payment_model',
  'state',
  'modified',
];

/**
 * Search moves out of the `offers` table into a search index derived from it (modules/search-index):
 *
 * - `search_outbox`: the offers whose indexed columns changed. Statement triggers on `offers` write one
 *   row per inserted, deleted or changed offer in the same transaction as the change (and those on
 *   `datasets` and `distributions` one per offer whose publishers, formats or licences may have changed), so the index never
 *   misses a committed change and never sees an uncommitted one; the index applies rows by reading the
 *   offer as it is then, so applying a row twice or out of order is harmless. Each statement also
 *   notifies `search_outbox`, so the index applies changes at once rather than at its next poll.
 * - `search_index_generation`: one value the index records when it is built; a restore sets a new one,
 *   which tells every index built before that it must be built again.
 * - `offers.search_vector` and its GIN index go: writing an offer no longer computes and indexes a
 *   weighted tsvector (about half the CPU time of a harvested record).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table search_outbox (
      id bigint generated always as identity primary key,
      offer_id uuid not null,
      queued_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create table search_index_generation (generation uuid not null default gen_random_uuid())`.execute(db);
  await sql`insert into search_index_generation default values`.execute(db);

  const changed = sql.join(
    INDEXED_COLUMNS.map((column) => sql.raw(`n.${column} is distinct from o.${column}`)),
    sql` or `,
  );
  await sql`
    create function dsm_queue_inserted_offers() returns trigger language plpgsql as $$
    begin
      insert into search_outbox (offer_id) select id from new_rows;
      return null;
    end $$
  `.execute(db);
  await sql`
    create function dsm_queue_deleted_offers() returns trigger language plpgsql as $$
    begin
      insert into search_outbox (offer_id) select id from old_rows;
      return null;
    end $$
  `.execute(db);
  await sql`
    create function dsm_queue_updated_offers() returns trigger language plpgsql as $$
    begin
      insert into search_outbox (offer_id)
        select n.id from new_rows n join old_rows o on o.id = n.id where ${changed};
      return null;
    end $$
  `.execute(db);
  await sql`
    create trigger offers_queue_inserted after insert on offers
      referencing new table as new_rows for each statement execute function dsm_queue_inserted_offers()
  `.execute(db);
  await sql`
    create trigger offers_queue_deleted after delete on offers
      referencing old table as old_rows for each statement execute function dsm_queue_deleted_offers()
  `.execute(db);
  await sql`
    create trigger offers_queue_updated after update on offers
      referencing new table as new_rows old table as old_rows for each statement execute function dsm_queue_updated_offers()
  `.execute(db);

  // Publishers come from datasets, formats and licences from distributions: the facets read them.
  await sql`
    create function dsm_queue_dataset_offers() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'DELETE' then insert into search_outbox (offer_id) select distinct offer_id from new_rows; end if;
      if tg_op <> 'INSERT' then insert into search_outbox (offer_id) select distinct offer_id from old_rows; end if;
      return null;
    end $$
  `.execute(db);
  await sql`
    create function dsm_queue_distribution_offers() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'DELETE' then
        insert into search_outbox (offer_id)
          select distinct d.offer_id from new_rows n join datasets d on d.id = n.dataset_id;
      end if;
      if tg_op <> 'INSERT' then
        insert into search_outbox (offer_id)
          select distinct d.offer_id from old_rows o join datasets d on d.id = o.dataset_id;
      end if;
      return null;
    end $$
  `.execute(db);
  for (const [table, fn] of [
    ['datasets', 'dsm_queue_dataset_offers'],
    ['distributions', 'dsm_queue_distribution_offers'],
  ] as const) {
    await sql
      .raw(`create trigger ${table}_queue_inserted after insert on ${table}
        referencing new table as new_rows for each statement execute function ${fn}()`)
      .execute(db);
    await sql
      .raw(`create trigger ${table}_queue_updated after update on ${table}
        referencing new table as new_rows old table as old_rows for each statement execute function ${fn}()`)
      .execute(db);
    await sql
      .raw(`create trigger ${table}_queue_deleted after delete on ${table}
        referencing old table as old_rows for each statement execute function ${fn}()`)
      .execute(db);
  }

  await sql`drop index offers_search_vector_idx`.execute(db);
  await sql`alter table offers drop column search_vector`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table offers add column search_vector tsvector not null
      generated always as (dsm_offer_vector(language, title, keywords, description)) stored
  `.execute(db);
  await sql`alter table offers alter column search_vector set storage main`.execute(db);
  await sql`create index offers_search_vector_idx on offers using gin (search_vector)`.execute(db);
  for (const table of ['datasets', 'distributions']) {
    for (const event of ['inserted', 'updated', 'deleted']) {
      await sql.raw(`drop trigger ${table}_queue_${event} on ${table}`).execute(db);
    }
  }
  await sql`drop function dsm_queue_distribution_offers()`.execute(db);
  await sql`drop function dsm_queue_dataset_offers()`.execute(db);
  await sql`drop trigger offers_queue_updated on offers`.execute(db);
  await sql`drop trigger offers_queue_deleted on offers`.execute(db);
  await sql`drop trigger offers_queue_inserted on offers`.execute(db);
  await sql`drop function dsm_queue_updated_offers()`.execute(db);
  await sql`drop function dsm_queue_deleted_offers()`.execute(db);
  await sql`drop function dsm_queue_inserted_offers()`.execute(db);
  await sql`drop table search_index_generation`.execute(db);
  await sql`drop table search_outbox`.execute(db);
}
