import { type Kysely, sql } from 'kysely';

/**
 * Connectors an operator registers: their management and protocol addresses when they are not the portal's
 * layout below the URL (`{url}/management`, `{url}/protocol`), and the API key encrypted (AES-256-GCM, see
 * connectors/connector-secrets.ts). The plain `api_key` column stays for the demo sandboxes, whose random key
 * lives only as long as the process that started them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table connectors
      add column management_url text,
      add column protocol_url text,
      add column api_key_encrypted text
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table connectors drop column management_url, drop column protocol_url, drop column api_key_encrypted
  `.execute(db);
}
