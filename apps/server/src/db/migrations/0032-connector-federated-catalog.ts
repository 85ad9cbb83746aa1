import { type Kysely, sql } from 'kysely';

/**
 * The address of the participant's federated catalog (EDC's Federated Catalog query API, `POST
 * {federated_catalog_url}/v1alpha/catalog/query`), when it offers one: the crawl then reads the catalogs it answers
 * instead of requesting the connector's DSP catalog. Null (every existing connector) keeps the DSP path.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table connectors add column federated_catalog_url text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table connectors drop column federated_catalog_url`.execute(db);
}
