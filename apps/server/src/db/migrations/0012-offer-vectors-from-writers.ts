import { type Kysely, sql } from 'kysely';

/**
 * Lets a writer of many offers bring their search vectors along (the harvest computes them in Node, see
 * `OfferVectors`): `offers.search_vector` is no longer a generated column but an ordinary one that a
 * trigger fills with `dsm_offer_vector(...)` whenever a write leaves it empty, or changes the language,
 * title, keywords or description without giving a new vector. Stored vectors stay as they are.
 *
 * A later migration that changes `dsm_offer_vector` recomputes stored vectors with
 * `update offers set search_vector = null`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table offers alter column search_vector drop expression`.execute(db);
  await sql`
    create function dsm_offers_fill_search_vector() returns trigger
    language plpgsql
    as $$
    begin
      if new.search_vector is null
         or (tg_op = 'UPDATE'
             and new.search_vector = old.search_vector
             and (new.language, new.title, new.keywords, new.description)
                 is distinct from (old.language, old.title, old.keywords, old.description)) then
        new.search_vector := dsm_offer_vector(new.language, new.title, new.keywords, new.description);
      end if;
      return new;
    end
    $$
  `.execute(db);
  await sql`
    create trigger offers_fill_search_vector before insert or update on offers
      for each row execute function dsm_offers_fill_search_vector()
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger offers_fill_search_vector on offers`.execute(db);
  await sql`drop function dsm_offers_fill_search_vector()`.execute(db);
  await sql`alter table offers drop column search_vector`.execute(db);
  await sql`
    alter table offers add column search_vector tsvector not null
      generated always as (dsm_offer_vector(language, title, keywords, description)) stored
  `.execute(db);
  await sql`alter table offers alter column search_vector set storage main`.execute(db);
  await sql`create index offers_search_vector_idx on offers using gin (search_vector)`.execute(db);
}
