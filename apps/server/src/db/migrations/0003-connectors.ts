import { type Kysely, sql } from 'kysely';

/**
 * Connectors (EDC) the marketplace talks to. The id is the last path segment of the URL, as the portal
 * names connectors; it is stored so a lookup by id needs no URL parsing in SQL and two connectors can
 * never share one. Sandbox rows are the demo connectors the server itself runs: their ports change on
 * every start, so they are re-registered then and removed on stop.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table connectors (
      id text primary key check (id ~ '^[A-Za-z0-9][A-Za-z0-9._~-]{0,99}$'),
      name text not null check (length(name) > 0),
      url text not null unique,
      api_key text,
      is_sandbox boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table connectors`.execute(db);
}
