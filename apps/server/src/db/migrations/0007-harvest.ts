import { type Kysely, sql } from 'kysely';

/** Characters of the scripts written without spaces between words: CJK ideographs, kana and Hangul. */
const CJK = '[\\u3040-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff\\uac00-\\ud7af]+';

/**
 * Catalogue harvesting: the sources an operator registers, their runs (with a resume point) and the
 * record each source identifier became, so a re-run updates in place, counts unchanged records and
 * soft-deletes records gone from the source.
 *
 * Also makes Chinese, Japanese and Korean titles findable: PostgreSQL's parser reads a run of such
 * characters as one word, so a title like 台灣生物多樣性網絡 is only found by the whole run. The
 * offer vector now adds the overlapping character pairs (bigrams) of such runs, and
 * `dsm_cjk_tsquery` turns a query into the same pairs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table harvest_sources (
      id uuid primary key,
      name text not null unique check (length(name) between 1 and 200),
      location text not null,
      format text not null check (format in ('ckan-api', 'ckan-jsonl', 'dcat-us', 'dcat-turtle', 'dcat-rdfxml', 'dcat-jsonld')),
      schedule text,
      last_run_at timestamptz,
      last_status text,
      last_counts jsonb,
      last_error text,
      created_at timestamptz not null default now()
    )
  `.execute(db);

  await sql`
    create table harvest_runs (
      id uuid primary key,
      source_id uuid not null references harvest_sources (id) on delete cascade,
      status text not null check (status in ('running', 'succeeded', 'failed')),
      started_at timestamptz not null default now(),
      finished_at timestamptz,
      resume_after integer not null default 0,
      counts jsonb not null default '{}',
      failures jsonb not null default '[]',
      error text
    )
  `.execute(db);
  await sql`create index harvest_runs_source_idx on harvest_runs (source_id, started_at desc)`.execute(db);

  await sql`
    create table harvest_records (
      source_id uuid not null references harvest_sources (id) on delete cascade,
      identifier text not null,
      offer_id uuid not null unique references offers (id) on delete cascade,
      content_hash text not null,
      last_seen_run uuid,
      removed_at timestamptz,
      primary key (source_id, identifier)
    )
  `.execute(db);
  // Links the same dataset harvested from several portals.
  await sql`create index harvest_records_identifier_idx on harvest_records (identifier)`.execute(db);

  await sql
    .raw(`
    create function dsm_cjk_bigrams(input text) returns text
    language sql immutable parallel safe
    as $$
      select coalesce(string_agg(substr(m.parts[1], i, 2), ' '), '')
      from regexp_matches(coalesce(input, ''), '${CJK}', 'g') as m(parts),
           generate_series(1, greatest(length(m.parts[1]) - 1, 1)) as i
    $$`)
    .execute(db);

  // One character alone matches every pair it starts; longer runs need all their pairs.
  await sql
    .raw(`
    create function dsm_cjk_tsquery(input text) returns tsquery
    language sql immutable parallel safe
    as $$
      select coalesce(to_tsquery('simple', string_agg(case when length(m.parts[1]) = 1 then m.parts[1] || ':*' else substr(m.parts[1], i, 2) end, ' & ')), ''::tsquery)
      from regexp_matches(coalesce(input, ''), '${CJK}', 'g') as m(parts),
           generate_series(1, greatest(length(m.parts[1]) - 1, 1)) as i
    $$`)
    .execute(db);

  await sql`
    create or replace function dsm_offer_vector(language text, title text, keywords text[], description text) returns tsvector
    language sql immutable parallel safe
    as $$
      select setweight(to_tsvector(dsm_ts_config(language), coalesce(title, '')), 'A')
          || setweight(to_tsvector(dsm_ts_config(language), array_to_string(keywords, ' ')), 'B')
          || setweight(to_tsvector(dsm_ts_config(language), coalesce(description, '')), 'C')
          || setweight(to_tsvector('simple'::regconfig, dsm_cjk_bigrams(title)), 'A')
          || setweight(to_tsvector('simple'::regconfig, dsm_cjk_bigrams(array_to_string(keywords, ' '))), 'B')
          || setweight(to_tsvector('simple'::regconfig, dsm_cjk_bigrams(description)), 'C')
    $$
  `.execute(db);
  // Stored vectors are computed on write: offers already holding such characters are rewritten once.
  await sql.raw(`update offers set title = title where title ~ '${CJK}' or description ~ '${CJK}'`).execute(db);
}
