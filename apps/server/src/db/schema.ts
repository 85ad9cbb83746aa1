import type { ColumnType, Generated, GeneratedAlways } from 'kysely';

/** Table types of the database, as Kysely sees them. Migrations in ./migrations are the source of truth. */
export type TDatabase = {
  agents: TAgentTable;
  licences: TLicenceTable;
  offers: TOfferTable;
  datasets: TDatasetTable;
  distributions: TDistributionTable;
  users: TUserTable;
  idp_payloads: TIdpPayloadTable;
  idp_keys: TIdpKeyTable;
  connectors: TConnectorTable;
  offer_likes: TOfferLikeTable;
  link_checks: TLinkCheckTable;
  acquired_offers: TAcquiredOfferView;
  agent_members: TAgentMemberTable;
  orders: TOrderTable;
  order_items: TOrderItemTable;
  entitlements: TEntitlementTable;
  offer_holdings: TOfferHoldingTable;
  usage_events: TUsageEventTable;
  gateway_credentials: TGatewayCredentialTable;
  api_keys: TApiKeyTable;
  invoices: TInvoiceTable;
  invoice_number_ranges: TInvoiceNumberRangeTable;
  commission_invoices: TCommissionInvoiceTable;
  organisations: TOrganisationTable;
  organisation_members: TOrganisationMemberTable;
  harvest_sources: THarvestSourceTable;
  harvest_runs: THarvestRunTable;
  harvest_records: THarvestRecordTable;
  crawl_runs: TCrawlRunTable;
  crawl_records: TCrawlRecordTable;
  buyer_connectors: TBuyerConnectorTable;
  organisation_connectors: TOrganisationConnectorTable;
  deliveries: TDeliveryTable;
  search_outbox: TSearchOutboxTable;
  search_outbox_cursors: TSearchOutboxCursorTable;
  search_index_generation: TSearchIndexGenerationTable;
  saved_searches: TSavedSearchTable;
  offer_events: TOfferEventTable;
  saved_search_matches: TSavedSearchMatchTable;
  notifications: TNotificationTable;
  alert_recipients: TAlertRecipientTable;
  unsubscribe_tokens: TUnsubscribeTokenTable;
  rate_limits: TRateLimitTable;
  link_check_hosts: TLinkCheckHostTable;
};

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NumericValue = ColumnType<string, number | string, number | string>;
type BigintValue = ColumnType<string | null, number | string | bigint | null, number | string | bigint | null>;

export type TAgentTable = {
  id: string;
  type: 'foaf:Organization' | 'foaf:Person';
  name: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
};

export type TLicenceTable = {
  id: string;
  title: string;
  url: string;
  mappings: string[];
  created_at: Generated<Timestamp>;
  /** The user who added it through the wizard; null for the catalogue's own licences. */
  created_by: Generated<string | null>;
};

export type TOfferTable = {
  /** A UUID. */
  id: string;
  title: string;
  description: string;
  /** 'de', 'en', or another ISO 639-1 code (searched without stemming). */
  language: string;
  keywords: string[];
  categories: string[];
  payment_model: string;
  price: NumericValue;
  is_sellable: boolean;
  likes: Generated<number>;
  private_data: Generated<boolean>;
  author: string | null;
  author_email: string | null;
  maintainer: string | null;
  maintainer_email: string | null;
  provider_url: string | null;
  state: Generated<string>;
  type: Generated<string>;
  privacy_mode: Generated<string>;
  rating: NumericValue | null;
  period: string | null;
  terms_of_use: string | null;
  country: string | null;
  provider: string | null;
  access_type: string | null;
  content_type: string | null;
  publisher_id: string | null;
  modified: Timestamp | null;
  total_bytes: BigintValue;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
  /** The user id of the supplier who published it through the wizard; null for imported offers. */
  owner_id: Generated<string | null>;
  pricing_option: Generated<'PAID' | 'FREE' | null>;
  /** ISO 4217 code of `price`; null means euros. */
  currency: Generated<string | null>;
  geo_restriction: Generated<string | null>;
  time_restriction: Generated<number | null>;
  time_unit: Generated<string | null>;
  connector_id: Generated<string | null>;
  publish_failure: ColumnType<{ step: string; message: string } | null, string | null | undefined, string | null>;
  published_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
};

export type TDatasetTable = {
  id: string;
  offer_id: string;
  position: number;
  issued: Timestamp | null;
  modified: Timestamp | null;
  publisher_id: string;
  creator_id: string | null;
  custodian_id: string | null;
  themes: string[];
};

export type TDistributionTable = {
  id: string;
  dataset_id: string;
  position: number;
  title: string;
  media_type: string | null;
  format: string | null;
  licence: string | null;
  access_url: string | null;
  byte_size: BigintValue;
  description: Generated<string | null>;
  size_unit: Generated<string | null>;
  /** The supplier marked the endpoint as a public sample: everyone may preview it, also on a paid offer. */
  is_public_sample: Generated<boolean>;
};

export type TUserTable = {
  id: Generated<string>;
  email: string;
  name: string;
  /** scrypt hash in the form `scrypt$N$r$p$salt$hash` (base64url parts). */
  password_hash: string;
  roles: Generated<string[]>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
};

export type TIdpPayloadTable = {
  model: string;
  id: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: Timestamp | null;
  consumed_at: Timestamp | null;
};

export type TIdpKeyTable = {
  id: string;
  purpose: 'signing' | 'cookie';
  material: ColumnType<Record<string, unknown>, string, string>;
  created_at: Generated<Timestamp>;
  retired_at: Timestamp | null;
};

export type TConnectorTable = {
  /** The last path segment of `url`. */
  id: string;
  name: string;
  url: string;
  /** Sent as X-Api-Key on management calls; null sends none. */
  api_key: string | null;
  /** A demo connector this server runs itself (SANDBOX_CONNECTORS). */
  is_sandbox: Generated<boolean>;
  /** The management API's address when it is not `{url}/management`. */
  management_url: Generated<string | null>;
  /** The DSP address when it is not `{url}/protocol`. */
  protocol_url: Generated<string | null>;
  /** An operator's API key, encrypted (`v1:iv:tag:ciphertext`, base64url); takes precedence over `api_key`. */
  api_key_encrypted: Generated<string | null>;
  /** The EDC Management API version spoken: `v3`, `v4`, or `auto` (ask the version API at `version_url`). */
  management_api_version: Generated<'v3' | 'v4' | 'auto'>;
  /** The connector's version API (e.g. `{url}/.well-known/version`); `auto` without it speaks v3. */
  version_url: Generated<string | null>;
  /** The participant's federated catalog (query API), which the crawl reads when set. */
  federated_catalog_url: Generated<string | null>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
};

export type TOfferLikeTable = {
  /** The token's subject: opaque text, not necessarily a users.id. */
  user_id: string;
  offer_id: string;
  created_at: Generated<Timestamp>;
};

export type TLinkCheckTable = {
  distribution_id: string;
  offer_id: string;
  /** The access URL this row is about; a different URL on the distribution means never checked. */
  url: string;
  /** Null until the first check finishes. */
  status: 'online' | 'offline' | null;
  http_status: number | null;
  byte_size: BigintValue;
  failure: string | null;
  checked_at: Timestamp | null;
  requested_at: Generated<Timestamp>;
};

/** A counter of a shared rate limit (rate-limiter-flexible's PostgreSQL store). */
export type TRateLimitTable = {
  /** `{limit}:{key}`, e.g. `searches:{userId}`. */
  key: string;
  points: number;
  /** End of the window in epoch milliseconds. */
  expire: BigintValue;
};

/** When the link checker may next send a request to a host, over all server processes. */
export type TLinkCheckHostTable = {
  host: string;
  next_slot_at: Timestamp;
};

/** A view: what each user acquired (empty until orders exist). */
export type TAcquiredOfferView = {
  user_id: string;
  offer_id: string;
  acquired_at: Timestamp;
};

/** Who acts for a publisher agent: `user_id` is the token's subject. */
export type TAgentMemberTable = {
  agent_id: string;
  user_id: string;
  created_at: Generated<Timestamp>;
};

export type TOrderTable = {
  id: Generated<string>;
  consumer_id: string;
  consumer_name: string;
  consumer_email: string;
  state: 'placed' | 'invoiced' | 'paid' | 'cancelled';
  payment_method: string;
  idempotency_key: string | null;
  /** sha256 of the parsed request body, to tell a retry from a different order under the same key. */
  request_fingerprint: string;
  created_at: Timestamp;
  pay_by: Timestamp;
  paid_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  updated_at: Generated<Timestamp>;
  /** checkout: the buyer's cart; renewal: a subscription's next month; usage: a month of metered usage (0018). */
  kind: Generated<'checkout' | 'renewal' | 'usage'>;
  /** What a renewal or usage order bills; unique, so each is billed once. Null for checkouts. */
  billing_key: string | null;
};

export type TOrderItemTable = {
  order_id: string;
  position: number;
  offer_id: string;
  provider_id: string;
  provider_name: string;
  title: string;
  payment_model: string;
  price: NumericValue;
  invoice_id: string | null;
  /** A metered or renewal line's quantity (downloads, MB, months); null: one unit at `price`. */
  quantity: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  /** A metered or renewal line's unit price; `price` is then the line's net amount. */
  unit_price: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  /** The entitlement a renewal or usage line bills. */
  entitlement_id: string | null;
  /** The offer's licence as the buyer accepted it at checkout. */
  licence: string | null;
};

/** What a buyer may use because they paid for it: one row per paid order line (see migration 0014). */
export type TEntitlementTable = {
  id: Generated<string>;
  user_id: string;
  offer_id: string;
  order_id: string;
  starts_at: Timestamp;
  /** Null: the entitlement does not end. */
  ends_at: Timestamp | null;
  /** When the order line's invoice or order was cancelled. */
  revoked_at: Timestamp | null;
  created_at: Generated<Timestamp>;
  /** The buyer cancelled the subscription: it runs to `ends_at` and is not renewed. */
  cancelled_at: Timestamp | null;
};

/** An offer a buyer acquired at checkout; at most one unreleased per buyer and offer (0024). */
export type TOfferHoldingTable = {
  id: Generated<string>;
  user_id: string;
  offer_id: string;
  /** The checkout order that acquired it. */
  order_id: string;
  payment_model: string;
  acquired_at: Timestamp;
  /** When the holding ends by itself; null: until released (a running subscription, a free offer). */
  ends_at: Timestamp | null;
  /** The order or invoice was cancelled, or a renewal or usage invoice went unpaid. */
  released_at: Timestamp | null;
};

/** One delivery through the marketplace; rows are only ever appended. */
export type TUsageEventTable = {
  id: GeneratedAlways<string>;
  entitlement_id: string;
  offer_id: string;
  user_id: string;
  channel: 'download' | 'api' | 'connector';
  succeeded: boolean;
  /** The status the buyer got, where the channel speaks HTTP. */
  http_status: number | null;
  /** Bytes sent to the buyer (bigint: read as a string). */
  bytes: ColumnType<string, number | string | bigint | undefined, never>;
  occurred_at: ColumnType<Date, Date | string | undefined, never>;
};

export type TGatewayCredentialTable = {
  offer_id: string;
  /** The endpoint's position in the offer's endpoints table. */
  position: number;
  header_name: string;
  /** The secret, encrypted (`v1:{iv}:{tag}:{ciphertext}`). */
  secret_sealed: string;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
};

export type TApiKeyTable = {
  id: Generated<string>;
  entitlement_id: string;
  user_id: string;
  offer_id: string;
  prefix: string;
  /** SHA-256 of the whole key, hex. */
  secret_hash: string;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  rotated_at: Date | null;
  revoked_at: Date | null;
};

export type TInvoiceTable = {
  id: Generated<string>;
  order_id: string;
  number: string;
  year: number;
  sequence: number;
  supplier_id: string;
  supplier_name: string;
  issued_at: Timestamp;
  due_at: Timestamp;
  net: NumericValue;
  vat_rate: NumericValue;
  vat: NumericValue;
  gross: NumericValue;
  commission_rate: NumericValue;
  commission: NumericValue;
  state: 'open' | 'paid' | 'cancelled';
  paid_at: Timestamp | null;
  paid_by: string | null;
  cancelled_at: Timestamp | null;
  /** Whose number range the invoice is numbered in: `organisation:<id>`, `agent:<id>` or `marketplace`. */
  issuer_key: string;
  /** The seller as it was at issue (TInvoiceParty as JSON); null for publishers no organisation sells for. */
  seller_party: ColumnType<unknown, string | null, string | null> | null;
  /** The buyer's organisation as it was at issue; null on invoices issued before organisations. */
  buyer_party: ColumnType<unknown, string | null, string | null> | null;
  service_from: Timestamp | null;
  service_to: Timestamp | null;
  is_reverse_charge: Generated<boolean>;
  /** A business buyer outside the EU: the place of supply is abroad (§3a Abs. 2 UStG), 0 %. */
  is_not_taxable: Generated<boolean>;
};

/** The marketplace's invoice of its commission on one supplier invoice, billed to the supplier. */
export type TCommissionInvoiceTable = {
  id: Generated<string>;
  /** The supplier invoice whose commission this bills. */
  invoice_id: string;
  supplier_id: string;
  number: string;
  year: number;
  sequence: number;
  /** The marketplace's number range (`marketplace-commission`). */
  issuer_key: string;
  /** The marketplace as it was configured at issue (TInvoiceParty as JSON). */
  seller_party: ColumnType<unknown, string, string>;
  /** The supplier's organisation at issue; null for a publisher no organisation sells for. */
  buyer_party: ColumnType<unknown, string | null, string | null> | null;
  is_reverse_charge: boolean;
  issued_at: Timestamp;
  due_at: Timestamp;
  commission_rate: NumericValue;
  net: NumericValue;
  vat_rate: NumericValue;
  vat: NumericValue;
  gross: NumericValue;
  /** `open` until the operator records its payment; `cancelled` with the sale it bills. */
  state: Generated<'open' | 'paid' | 'cancelled'>;
  paid_at: Timestamp | null;
  /** Who recorded the payment (the operator's user id). */
  paid_by: string | null;
  /** When the cancellation invoice (Stornorechnung) was issued. */
  cancelled_at: Timestamp | null;
  /** The cancellation invoice's number, in the marketplace's range like the commission invoices. */
  cancellation_number: string | null;
  cancellation_year: number | null;
  cancellation_sequence: number | null;
  /** A supplier outside the EU: the place of supply is abroad (§3a Abs. 2 UStG), 0 %. */
  is_not_taxable: Generated<boolean>;
};

export type TInvoiceNumberRangeTable = {
  issuer_key: string;
  year: number;
  last_number: number;
};

export type TOrganisationTable = {
  id: Generated<string>;
  legal_name: string;
  street: string;
  postal_code: string;
  city: string;
  country: string;
  vat_id: string;
  iban: string;
  bic: string;
  contact_email: string;
  /** Empty when not given. */
  contact_phone: Generated<string>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
};

export type TOrganisationMemberTable = {
  user_id: string;
  organisation_id: string;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
};

export type THarvestSourceTable = {
  id: string;
  name: string;
  location: string;
  format: string;
  schedule: string | null;
  last_run_at: Timestamp | null;
  last_status: string | null;
  last_counts: ColumnType<unknown, string | null, string | null> | null;
  last_error: string | null;
  created_at: Generated<Timestamp>;
};

export type THarvestRunTable = {
  id: string;
  source_id: string;
  status: 'running' | 'succeeded' | 'failed';
  started_at: Generated<Timestamp>;
  finished_at: Timestamp | null;
  resume_after: Generated<number>;
  counts: ColumnType<unknown, string | undefined, string>;
  failures: ColumnType<unknown, string | undefined, string>;
  error: string | null;
};

export type THarvestRecordTable = {
  source_id: string;
  identifier: string;
  offer_id: string;
  content_hash: string;
  last_seen_run: string | null;
  removed_at: Timestamp | null;
};

/** One crawl of one connector's DSP catalog. */
export type TCrawlRunTable = {
  id: string;
  connector_id: string;
  status: 'running' | 'succeeded' | 'failed';
  started_at: ColumnType<Date, Date | string | undefined, Date | string>;
  finished_at: Timestamp | null;
  counts: ColumnType<unknown, string | undefined, string>;
  failures: ColumnType<unknown, string | undefined, string>;
  error: string | null;
};

/** The catalogue offer a dataset of a connector's catalog became. */
export type TCrawlRecordTable = {
  connector_id: string;
  dataset_id: string;
  offer_id: string;
  content_hash: string;
  last_seen_run: string | null;
  removed_at: Timestamp | null;
  /** The participant id the catalog named (`dspace:participantId`). */
  participant_id: string | null;
  /** The DSP address the catalog was read at. */
  protocol_url: string | null;
  /** The id of the dataset's first offer when it was last written: the offer delivery negotiates. */
  policy_offer_id: string | null;
};

/** The connector a buyer negotiates and receives data with. */
export type TBuyerConnectorTable = {
  user_id: string;
  connector_id: string;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
};

/** The connector an organisation runs (a row of `connectors`), registered in its profile. */
export type TOrganisationConnectorTable = {
  organisation_id: string;
  connector_id: string;
  /** The connector's participant id in the data space. */
  participant_id: string;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
};

/** How far the delivery of one order line through the data space has come. */
export type TDeliveryTable = {
  id: Generated<string>;
  order_id: string;
  offer_id: string;
  buyer_id: string;
  consumer_connector_id: string;
  provider_connector_id: string;
  asset_id: string;
  negotiation_id: string | null;
  negotiation_state: string | null;
  agreement_id: string | null;
  transfer_id: string | null;
  transfer_state: string | null;
  edr_endpoint: string | null;
  last_error: string | null;
  /** The supplier's participant id for a crawled offer; null: the provider connector's id. */
  counter_party_id: string | null;
  /** The supplier's DSP address for a crawled offer; null: the provider connector's protocol address. */
  counter_party_address: string | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
};

/** Offers whose indexed columns changed, queued for the search index in the transaction of the change. */
export type TSearchOutboxTable = {
  id: Generated<string>;
  offer_id: string;
  queued_at: Generated<Timestamp>;
  /** The transaction that queued the row (xid8, as text). */
  xid: Generated<string>;
};

/** One search index following the outbox: the position of the last row it holds, and when it was last seen. */
export type TSearchOutboxCursorTable = {
  consumer: string;
  last_xid: string;
  last_id: string;
  seen_at: Generated<Timestamp>;
};

/** One row: the value a search index records when built; a restore sets a new one. */
export type TSearchIndexGenerationTable = {
  generation: Generated<string>;
};

/** A timestamp the database fills in on insert unless given. */
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A user's named search and whether it alerts (see migration 0021). */
export type TSavedSearchTable = {
  id: Generated<string>;
  user_id: string;
  name: string;
  query: Generated<string>;
  /** The search filter as `ZSearchFilter` parses it. */
  filter: ColumnType<unknown, string, string>;
  sort: Generated<string>;
  is_alert_enabled: Generated<boolean>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  last_checked_at: Timestamp | null;
  last_notified_at: Timestamp | null;
  /** The newest offer event matched against it. */
  seen_through: BigintValue;
};

/** A change the alert job has still to act on, written by triggers. */
export type TOfferEventTable = {
  id: GeneratedAlways<string>;
  kind: 'published' | 'price' | 'endpoint';
  offer_id: string;
  old_price: string | null;
  new_price: string | null;
  currency: string | null;
  distribution_id: string | null;
  status: 'online' | 'offline' | null;
  occurred_at: GeneratedTimestamp;
};

/** New offers matched with a saved search, waiting for its next digest. */
export type TSavedSearchMatchTable = {
  saved_search_id: string;
  offer_id: string;
  matched_at: Timestamp;
};

/** One alert in a user's notification centre. */
export type TNotificationTable = {
  id: Generated<string>;
  user_id: string;
  kind: 'new_offers' | 'price_change' | 'endpoint_offline' | 'endpoint_online';
  params: ColumnType<Record<string, unknown>, string, string>;
  link: string;
  dedupe_key: string;
  saved_search_id: string | null;
  created_at: GeneratedTimestamp;
  read_at: Timestamp | null;
  mail_state: Generated<'none' | 'pending' | 'sent' | 'failed'>;
  mail_attempts: Generated<number>;
};

/** Where and in which language a user's alert mails go, and which alerts about watched offers they want. */
export type TAlertRecipientTable = {
  user_id: string;
  email: string | null;
  language: Generated<string>;
  is_price_alert_enabled: Generated<boolean>;
  is_endpoint_alert_enabled: Generated<boolean>;
  updated_at: GeneratedTimestamp;
};

/** The hash of a mail's unsubscribe token and what it stops. */
export type TUnsubscribeTokenTable = {
  token_hash: Buffer;
  user_id: string;
  scope: 'saved_search' | 'price' | 'endpoint';
  saved_search_id: string | null;
  created_at: GeneratedTimestamp;
  used_at: Timestamp | null;
};
