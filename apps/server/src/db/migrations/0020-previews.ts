import { type Kysely, sql } from 'kysely';

/**
 * Public samples: a supplier marks an endpoint of an offer as a sample everyone may preview on the details page,
 * also when the offer is paid (where the other endpoints are previewed for buyers only). Previews themselves are
 * cached in the server's memory, not here: they are derived from the source and read again when they expire.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table distributions add column is_public_sample boolean not null default false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table distributions drop column is_public_sample`.execute(db);
}
