import { type Kysely, sql } from 'kysely';

/**
 * Which EDC Management API a connector speaks: `v3`, `v4`, or `auto` (the default), which asks the connector's version
 * API at `version_url` (EDC serves it on a context of its own, such as `{url}/.well-known/version`) and speaks the
 * newest stable version the marketplace knows. Without a `version_url`, `auto` speaks v3, as every connector did
 * before, so existing registrations keep working unchanged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table connectors
      add column management_api_version text not null default 'auto'
        constraint connectors_management_api_version_known check (management_api_version in ('v3', 'v4', 'auto')),
      add column version_url text
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table connectors drop column management_api_version, drop column version_url`.execute(db);
}
