import { type Kysely, sql } from 'kysely';

/**
 * 'Request access' on a crawled offer: what its negotiation needs, kept with the dataset it was crawled from.
 *
 * - `crawl_records.participant_id`, `protocol_url`: the participant the catalog named (`dspace:participantId`) and
 *   the DSP address it was read at, the counter-party of the negotiation and the transfer.
 * - `crawl_records.policy_offer_id`: the id of the dataset's first offer (`odrl:hasPolicy`) when it was last written,
 *   the offer delivery negotiates (a connector renews the id's last part on every catalog request, so delivery
 *   also finds it by its contract definition).
 * - `deliveries.counter_party_id`, `counter_party_address`: the supplier's participant id and DSP address for a
 *   delivery of a crawled offer; null for an offer published by the marketplace, whose connector is its counter-party.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table crawl_records
      add column participant_id text,
      add column protocol_url text,
      add column policy_offer_id text
  `.execute(db);
  await sql`
    alter table deliveries
      add column counter_party_id text,
      add column counter_party_address text
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table deliveries drop column counter_party_id, drop column counter_party_address`.execute(db);
  await sql`
    alter table crawl_records drop column participant_id, drop column protocol_url, drop column policy_offer_id
  `.execute(db);
}
