import { type Kysely, sql } from 'kysely';

/**
 * The catalogue: agents, licences, offers with their datasets and distributions, and the search
 * configuration. Offers carry a generated, language-aware, weighted tsvector (title A, keywords B,
 * description C) with accents folded, so search needs no trigger and cannot drift from the data.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists unaccent`.execute(db);
  await sql`create extension if not exists pg_trgm`.execute(db);

  for (const [name, base, stem] of [
    ['dsm_de', 'german', 'german_stem'],
    ['dsm_en', 'english', 'english_stem'],
    ['dsm_simple', 'simple', 'simple'],
  ] as const) {
    await sql.raw(`create text search configuration ${name} (copy = ${base})`).execute(db);
    await sql
      .raw(
        `alter text search configuration ${name} alter mapping for hword, hword_part, word, asciiword, asciihword, hword_asciipart with unaccent, ${stem}`,
      )
      .execute(db);
  }

  // One place decides which configuration a language uses; queries call it too.
  await sql`
    create function dsm_ts_config(language text) returns regconfig
    language sql immutable parallel safe
    as $$ select case language when 'en' then 'dsm_en'::regconfig when 'de' then 'dsm_de'::regconfig else 'dsm_simple'::regconfig end $$
  `.execute(db);

  await sql`
    create function dsm_offer_vector(language text, title text, keywords text[], description text) returns tsvector
    language sql immutable parallel safe
    as $$
      select setweight(to_tsvector(dsm_ts_config(language), coalesce(title, '')), 'A')
          || setweight(to_tsvector(dsm_ts_config(language), array_to_string(keywords, ' ')), 'B')
          || setweight(to_tsvector(dsm_ts_config(language), coalesce(description, '')), 'C')
    $$
  `.execute(db);

  await sql`
    create table agents (
      id text primary key,
      type text not null check (type in ('foaf:Organization', 'foaf:Person')),
      name text,
      first_name text,
      last_name text,
      email text
    )
  `.execute(db);

  await sql`
    create table licences (
      id text primary key,
      title text not null check (length(title) > 0),
      url text not null,
      mappings text[] not null default '{}',
      created_at timestamptz not null default now()
    )
  `.execute(db);

  await sql`
    create table offers (
      id uuid primary key,
      title text not null,
      description text not null default '',
      language text not null default 'de',
      keywords text[] not null default '{}',
      categories text[] not null default '{}',
      payment_model text not null default 'FREE_OF_CHARGE'
        check (payment_model in ('FREE_OF_CHARGE', 'PAY_PER_USE_DOWNLOAD', 'SUBSCRIPTION_BASED', 'DATA_VOLUME_BASED')),
      price numeric(14, 2) not null default 0 check (price >= 0),
      is_sellable boolean not null default false,
      likes integer not null default 0 check (likes >= 0),
      private_data boolean not null default false,
      author text,
      author_email text,
      maintainer text,
      maintainer_email text,
      provider_url text,
      state text not null default 'ACTIVE',
      type text not null default 'DATASET',
      privacy_mode text not null default 'NOT_CONFIDENTIAL',
      rating numeric(3, 2),
      period text,
      terms_of_use text,
      country text,
      provider text,
      access_type text,
      content_type text,
      publisher_id text references agents (id),
      modified timestamptz,
      total_bytes bigint,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      search_vector tsvector not null generated always as (dsm_offer_vector(language, title, keywords, description)) stored,
      title_vector tsvector not null generated always as (to_tsvector(dsm_ts_config(language), title)) stored
    )
  `.execute(db);
  // A tsvector compresses badly; keeping it in the main heap avoids a TOAST fetch per matching row.
  await sql`alter table offers alter column search_vector set storage main`.execute(db);
  await sql`alter table offers alter column title_vector set storage main`.execute(db);

  await sql`create index offers_search_vector_idx on offers using gin (search_vector)`.execute(db);
  await sql`create index offers_title_vector_idx on offers using gin (title_vector)`.execute(db);
  await sql`create index offers_categories_idx on offers using gin (categories)`.execute(db);
  await sql`create index offers_keywords_idx on offers using gin (keywords)`.execute(db);
  await sql`create index offers_recency_idx on offers (modified desc nulls last, id) where state = 'ACTIVE'`.execute(
    db,
  );
  await sql`create index offers_price_idx on offers (price)`.execute(db);

  await sql`
    create table datasets (
      id text primary key,
      offer_id uuid not null references offers (id) on delete cascade,
      position integer not null default 0,
      issued timestamptz,
      modified timestamptz,
      publisher_id text not null references agents (id),
      creator_id text references agents (id),
      custodian_id text references agents (id),
      themes text[] not null default '{}'
    )
  `.execute(db);
  await sql`create index datasets_offer_idx on datasets (offer_id, position)`.execute(db);

  await sql`
    create table distributions (
      id text primary key,
      dataset_id text not null references datasets (id) on delete cascade,
      position integer not null default 0,
      title text not null,
      media_type text,
      format text,
      licence text,
      access_url text,
      byte_size bigint check (byte_size is null or byte_size >= 0)
    )
  `.execute(db);
  await sql`create index distributions_dataset_idx on distributions (dataset_id, position)`.execute(db);
}
