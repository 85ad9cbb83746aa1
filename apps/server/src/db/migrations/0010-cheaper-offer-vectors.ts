import { type Kysely, sql } from 'kysely';

/** The characters `dsm_cjk_bigrams` pairs (see 0007-harvest.ts): CJK ideographs, kana and Hangul. */
const CJK = '[\\u3040-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff\\uac00-\\ud7af]';

/** The search configurations of 0001-catalogue.ts with their stemming dictionary. */
const CONFIGURATIONS = [
  ['dsm_de', 'german_stem'],
  ['dsm_en', 'english_stem'],
  ['dsm_simple', 'simple'],
] as const;

/** The parser's token types that hold ASCII letters only. */
const ASCII_TOKENS = 'asciiword, asciihword, hword_asciipart';

/** The weighted character pairs of one text, or nothing without a single CJK character. */
const pairs = (text: string, weight: string) =>
  `case when ${text} ~ '${CJK}' then setweight(to_tsvector('simple'::regconfig, dsm_cjk_bigrams(${text})), '${weight}') else ''::tsvector end`;

/**
 * Makes writing offers cheaper, which bounds how fast a harvest imports (writing an offer is mostly
 * computing its search vector and indexing it):
 *
 * - `offers.title_vector` and its GIN index go: no query reads them (search matches and ranks on
 *   `search_vector`, which holds the title's words with weight A), yet every insert and update computed
 *   and indexed them.
 * - The offer vector calls the character-pair function only for text holding a CJK character. Its result
 *   is the same vector (the function yields nothing for other text), so stored vectors stay valid, but
 *   most titles, keywords and descriptions of European-language offers no longer pay for a regular
 *   expression run through a SQL function call each.
 * - Words of ASCII letters only skip `unaccent` in the three configurations: no unaccent rule starts with
 *   an ASCII character, so it never changed such a word and only cost a lookup per word. Vectors and
 *   queries come out the same.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table offers drop column title_vector`.execute(db);
  for (const [name, stem] of CONFIGURATIONS) {
    await sql.raw(`alter text search configuration ${name} alter mapping for ${ASCII_TOKENS} with ${stem}`).execute(db);
  }
  await sql
    .raw(`
    create or replace function dsm_offer_vector(language text, title text, keywords text[], description text) returns tsvector
    language sql immutable parallel safe
    as $$
      select setweight(to_tsvector(dsm_ts_config(language), coalesce(title, '')), 'A')
          || setweight(to_tsvector(dsm_ts_config(language), array_to_string(keywords, ' ')), 'B')
          || setweight(to_tsvector(dsm_ts_config(language), coalesce(description, '')), 'C')
          || ${pairs('title', 'A')}
          || ${pairs(`array_to_string(keywords, ' ')`, 'B')}
          || ${pairs('description', 'C')}
    $$`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name, stem] of CONFIGURATIONS) {
    await sql
      .raw(`alter text search configuration ${name} alter mapping for ${ASCII_TOKENS} with unaccent, ${stem}`)
      .execute(db);
  }
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
  await sql`
    alter table offers add column title_vector tsvector not null
      generated always as (to_tsvector(dsm_ts_config(language), title)) stored
  `.execute(db);
  await sql`alter table offers alter column title_vector set storage main`.execute(db);
  await sql`create index offers_title_vector_idx on offers using gin (title_vector)`.execute(db);
}
