import { type Kysely, sql } from 'kysely';

/**
 * The catalogue export's pages (`GET /api/catalog`): the searchable offers' ids in order, with their landing pages,
 * read from the index alone. Without it, PostgreSQL sorted every searchable offer for each page (at a million
 * offers about 0.7 s on three processes at once, while searches waited for the cores); with it, a page is an
 * index-only scan on one process that stops after the page (docs/performance.md, "Catalogue export pages at a
 * million offers").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index offers_catalog_page_idx on offers (id) include (provider_url) where state = 'ACTIVE'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index offers_catalog_page_idx`.execute(db);
}
