import { type Kysely, sql } from 'kysely';

/**
 * The connector an organisation runs, registered in its profile by a member. The connector itself is a row of
 * `connectors` (so operators see and remove it like every other, and deliveries find it by id); this table links it
 * to its organisation, one per organisation and one organisation per connector, and keeps the participant id. When
 * an operator removes the connector, or the organisation goes, the link goes with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table organisation_connectors (
      organisation_id uuid primary key references organisations (id) on delete cascade,
      connector_id text not null unique references connectors (id) on delete cascade,
      participant_id text not null check (length(participant_id) between 1 and 200),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table organisation_connectors`.execute(db);
}
