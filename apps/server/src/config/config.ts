import path from 'node:path';
import { type TInvoiceParty, ZConnectorId } from '@dsm/contracts';
import { z } from 'zod';

/** Where the embedded OpenID Connect provider lives: Keycloak's layout for realm dsRealm. */
export const EMBEDDED_REALM_PATH = '/idp/realms/dsRealm';

/**
 * Fictitious operator details for the demo: reserved example domain, zero register and VAT numbers,
 * so nobody mistakes them for a real company. A deployment sets OPERATOR_*.
 */
export const DEMO_OPERATOR = {
  company: 'Beispiel Datenmarkt GmbH (Demo)',
  address: 'Musterstraße 1, 40210 Düsseldorf',
  register: 'HRB 00000, Amtsgericht Düsseldorf (Beispiel)',
  vatId: 'DE000000000',
  email: 'kontakt@example.com',
  phone: '+49 211 0000000',
} as const;

/**
 * The operator as the issuer of its commission invoices, where the legal pages' one-line address is
 * not enough: street, postal code, city, country and the bank account suppliers pay into. Demo values.
 */
export const DEMO_OPERATOR_INVOICING = {
  street: 'Musterstraße 1',
  postalCode: '40210',
  city: 'Düsseldorf',
  country: 'DE',
  iban: 'DE02500105170137075030',
  bic: 'INGDDEFFXXX',
} as const;

/**
 * The dates of the legal texts the product ships: the privacy policy of April 2019 and the terms of
 * 26 February 2020. An operator who changes a text sets its date (LEGAL_*_DATE).
 */
export const DEFAULT_LEGAL_DATES = { privacyPolicy: '2019-04-01', terms: '2020-02-26' } as const;

/** A calendar day written yyyy-mm-dd that exists (2020-02-30 does not). */
const ZIsoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written yyyy-mm-dd')
  .refine((value) => {
    const day = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
  }, 'must be a day that exists');

const ZLogLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

const ZPostgresUrl = z
  .string()
  .refine((value) => /^postgres(ql)?:\/\//.test(value), 'must be a postgres:// or postgresql:// URL');

/** A comma-separated list, each item trimmed and passed through `normalise`; empty or unset is none. */
const commaSeparated = <T extends z.ZodType<unknown, string>>(
  item: T,
  normalise: (value: string) => string = (value) => value,
) =>
  z
    .string()
    .optional()
    .transform((value) =>
      value
        ? value
            .split(',')
            .map((entry) => normalise(entry.trim()))
            .filter(Boolean)
        : [],
    )
    .pipe(z.array(item));

/** A comma-separated list of host names or addresses, lower case; empty or unset is none. */
const ZHostList = commaSeparated(
  z.string().regex(/^[a-z0-9.:_-]+$/, 'must be host names or addresses separated by commas'),
  (host) => host.toLowerCase(),
);

/**
 * The environment the server reads, each with its default for the embedded mode. Parsed once at start;
 * a bad value stops the program with a line naming the variable and what it allows.
 */
const ZEnvironment = z.object({
  /** TCP port of the web app and API. */
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  /** Interface to listen on. */
  HOST: z.string().min(1).default('0.0.0.0'),
  /** The address users reach the product at; defaults to http://localhost:PORT. */
  PUBLIC_URL: z.string().url().optional(),
  /** PostgreSQL to use; unset starts an embedded PostgreSQL in DATA_DIR. */
  DATABASE_URL: ZPostgresUrl.optional(),
  /** Comma-separated read replicas for search traffic. */
  DATABASE_READ_URLS: commaSeparated(ZPostgresUrl),
  /**
   * Milliseconds between two checks, on a connection of their own, that PostgreSQL still accepts
   * connections; 0 checks only after a failed query. It notices a smart shutdown, which the open
   * connections never see, and lets it finish by closing them.
   */
  DATABASE_HEARTBEAT_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  /**
   * Connections of the pool of background jobs (harvests, link checks), apart from the requests' pool of 20:
   * their transactions never hold a connection a search waits for.
   */
  DATABASE_BACKGROUND_CONNECTIONS: z.coerce.number().int().min(1).max(100).default(4),
  /** Where the embedded PostgreSQL and other local state live. */
  DATA_DIR: z.string().min(1).default('./.data'),
  /** Short code of the product; the user role is `${PRODUCT_ID}_USER`. */
  PRODUCT_ID: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_-]{0,39}$/, 'must be a letter followed by up to 39 letters, digits, _ or -')
    .default('DSM'),
  /** External OpenID Connect issuer; unset uses the embedded provider. */
  OIDC_ISSUER: z.string().url().optional(),
  /** OpenID Connect client id of the web app. */
  OIDC_CLIENT_ID: z.string().min(1).default('dataspace'),
  /** Audience the API requires in access tokens; defaults to OIDC_CLIENT_ID. */
  OIDC_AUDIENCE: z.string().min(1).optional(),
  /** Dot path of the roles array in access tokens. */
  OIDC_ROLES_CLAIM: z.string().min(1).default('realm_access.roles'),
  /** Number of demo offers seeded into an empty catalogue; 0 seeds none. */
  SEED_DATASETS: z.coerce.number().int().min(0).max(10_000_000).default(20_000),
  /**
   * Serves generated demo files under /demo-data/ and points the seeded demo offers' endpoints at them, and lets
   * outbound requests reach the product's own origin (PUBLIC_URL); on by default in the embedded mode (neither
   * DATABASE_URL nor OIDC_ISSUER), off otherwise.
   */
  DEMO_DATA: z
    .enum(['true', 'false', '1', '0', 'on', 'off'], { message: 'must be true or false' })
    .transform((value) => ['true', '1', 'on'].includes(value))
    .optional(),
  /** Log level of the server (pino). */
  LOG_LEVEL: ZLogLevel.default('info'),
  /**
   * Milliseconds the event loop may be held at once before the server logs a warning naming the requests in
   * flight; 0 turns the monitor off. No handler should come near it: the rule is 50 ms.
   */
  EVENT_LOOP_STALL_MS: z.coerce.number().int().min(0).max(600_000).default(200),
  /**
   * TCP port of the Prometheus metrics (`GET /metrics`), a listener apart from PORT so a scrape neither shows the
   * internals to users nor takes their rate limits; unset serves no metrics.
   */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Interface the metrics listen on: loopback by default, so only a Prometheus on the same machine reaches them. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * The marketplace's commission as a fraction of each invoice's net amount (0.1 is 10 %); shown on
   * the invoices, since the marketplace acts as a broker between supplier and buyer.
   */
  COMMISSION_RATE: z.coerce.number().min(0).max(1).default(0.1),
  /**
   * Searches per signed-in user and minute, over all server processes of the database; 0 turns the limit off. Ten a second
   * on average: far above typing and paging, low enough to stop a script from draining the catalogue.
   */
  SEARCH_RATE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(600),
  /** Orders placed per signed-in user and minute, over all server processes; 0 turns the limit off. */
  ORDER_RATE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(30),
  /**
   * Comma-separated host names or addresses the link checker may reach although they resolve to
   * private, loopback or link-local addresses (the demo's own host); empty allows none.
   */
  LINK_CHECK_ALLOWED_HOSTS: ZHostList,
  /** Limit of one link-check request (connect to response headers) in milliseconds. */
  LINK_CHECK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Least time between two link-check requests to the same host, over all server processes, in milliseconds. */
  LINK_CHECK_HOST_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /** Age in hours after which a distribution's endpoint is checked again. */
  LINK_CHECK_RECHECK_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  /**
   * Comma-separated host names or addresses the marketplace may stream downloads from although they resolve to
   * private, loopback or link-local addresses (a supplier's file server on the demo's own host); empty allows none.
   */
  DOWNLOAD_ALLOWED_HOSTS: ZHostList,
  /** How long a signed download link works, in seconds. */
  DOWNLOAD_LINK_TTL_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  /** Limit from connecting to a supplier's source until its response headers arrive, in milliseconds. */
  DOWNLOAD_SOURCE_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  /** Operator's company name with legal form, shown in the Impressum and the terms. */
  OPERATOR_COMPANY: z.string().min(1).default(DEMO_OPERATOR.company),
  /** Operator's postal address on one line. */
  OPERATOR_ADDRESS: z.string().min(1).default(DEMO_OPERATOR.address),
  /** Operator's commercial register entry (number and court). */
  OPERATOR_REGISTER: z.string().min(1).default(DEMO_OPERATOR.register),
  /** Operator's VAT identification number. */
  OPERATOR_VAT_ID: z.string().min(1).default(DEMO_OPERATOR.vatId),
  /** Operator's contact e-mail address, also for support and abuse reports. */
  OPERATOR_EMAIL: z.string().min(1).default(DEMO_OPERATOR.email),
  /** Operator's contact phone number. */
  OPERATOR_PHONE: z.string().min(1).default(DEMO_OPERATOR.phone),
  /** Date of the privacy policy in force (ISO yyyy-mm-dd); the page shows its month and year. */
  LEGAL_PRIVACY_POLICY_DATE: ZIsoDay.default(DEFAULT_LEGAL_DATES.privacyPolicy),
  /** Date of the version of the terms in force (ISO yyyy-mm-dd); the page shows it in full. */
  LEGAL_TERMS_DATE: ZIsoDay.default(DEFAULT_LEGAL_DATES.terms),
  /** Operator's street and house number, as its commission invoices name it. */
  OPERATOR_STREET: z.string().min(1).default(DEMO_OPERATOR_INVOICING.street),
  /** Operator's postal code, as its commission invoices name it. */
  OPERATOR_POSTAL_CODE: z.string().min(1).default(DEMO_OPERATOR_INVOICING.postalCode),
  /** Operator's city, as its commission invoices name it. */
  OPERATOR_CITY: z.string().min(1).default(DEMO_OPERATOR_INVOICING.city),
  /** Operator's country (ISO 3166-1 alpha-2); decides reverse charge on commission invoices. */
  OPERATOR_COUNTRY: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code')
    .default(DEMO_OPERATOR_INVOICING.country),
  /** The IBAN suppliers pay commission invoices into. */
  OPERATOR_IBAN: z.string().min(1).default(DEMO_OPERATOR_INVOICING.iban),
  /** The BIC of OPERATOR_IBAN. */
  OPERATOR_BIC: z.string().min(1).default(DEMO_OPERATOR_INVOICING.bic),
  /**
   * Runs the demo connectors 'provider' and 'consumer' (EDC sandboxes, never for production) on free loopback ports
   * inside the server and registers them; on by default in the embedded mode (no DATABASE_URL), off otherwise.
   */
  SANDBOX_CONNECTORS: z
    .enum(['true', 'false', '1', '0', 'on', 'off'], { message: 'must be true or false' })
    .transform((value) => ['true', '1', 'on'].includes(value))
    .optional(),
  /**
   * Comma-separated host names or addresses connectors may be registered and called at although they are (or
   * resolve to) loopback, private or link-local addresses; empty allows none. The demo sandboxes are allowed anyway.
   */
  CONNECTOR_ALLOWED_HOSTS: ZHostList,
  /**
   * The id of the marketplace's own connector (a registered connector): an organisation's connector must fetch its
   * catalog before it is stored. Defaults to the demo sandbox 'provider' when SANDBOX_CONNECTORS is on; unset
   * otherwise, and then that check is skipped.
   */
  MARKETPLACE_CONNECTOR_ID: ZConnectorId.optional(),
  /**
   * Comma-separated host names or addresses harvest sources may be read from although they are (or resolve to)
   * loopback, private or link-local addresses (a catalogue served by the demo's own host); empty allows none.
   */
  HARVEST_ALLOWED_HOSTS: ZHostList,
  /**
   * Comma-separated host names or addresses data previews may be read from although they are (or resolve to)
   * loopback, private or link-local addresses; empty allows none. The server's own origin (PUBLIC_URL) is always
   * allowed, so the demo data files it serves can be previewed.
   */
  PREVIEW_ALLOWED_HOSTS: ZHostList,
  /** The most bytes a preview reads from a source; an XLSX file must fit whole, and unzip to at most 20 times this. */
  PREVIEW_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100_000_000)
    .default(5 * 1024 * 1024),
  /** Limit of reading one preview's source, from connecting to the last byte read, in milliseconds. */
  PREVIEW_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** How long a preview is served from the cache before its source is read again, in minutes. */
  PREVIEW_CACHE_MINUTES: z.coerce.number().int().min(0).max(10_080).default(15),
  /**
   * The folder whose files harvest sources added through the API may name (symbolic links and `..` are resolved
   * and must stay inside); unset: DATA_DIR/harvest-sources with DEMO_DATA (the demo's ready source is there), else
   * the API accepts no file locations. The command line reads files anywhere.
   */
  HARVEST_FILE_DIR: z.string().min(1).optional(),
  /** The folder of the search index files (derived from the catalogue, rebuilt when missing); default DATA_DIR/search-index. */
  SEARCH_INDEX_DIR: z.string().min(1).optional(),
  /** Threads answering searches, each with its own connection to the index; 0 answers on the main thread. */
  SEARCH_WORKERS: z.coerce.number().int().min(0).max(16).default(2),
  /**
   * Seconds the search threads may warm the index at the start before the process listens (reading the file ahead,
   * the facets, the searches asked most before the restart); 0 listens at once and warms while answering.
   */
  SEARCH_WARM_SECONDS: z.coerce.number().min(0).max(600).default(20),
  /**
   * Seconds after which a server process's search index that stopped following the catalogue's changes (a process
   * stopped for good, its index folder gone) is forgotten, so that the changes it has not read yet are no longer
   * kept for it; it builds its index again if it comes back. Default an hour.
   */
  SEARCH_CONSUMER_EXPIRY_SECONDS: z.coerce.number().int().min(60).max(2_592_000).default(3_600),
  /**
   * Offers added, changed or removed in the search index after which it merges its word lists (which each change
   * fragments, slowing searches down), once no change has come for SEARCH_SETTLE_SECONDS. Defaults 20,000 and 60.
   */
  SEARCH_MERGE_AFTER_CHANGES: z.coerce.number().int().min(1).max(100_000_000).default(20_000),
  SEARCH_SETTLE_SECONDS: z.coerce.number().min(0).max(86_400).default(60),
  /**
   * The nice value of the search index's writer thread (0 to 19): while the cores are busy, the threads answering
   * requests go first and a harvest's changes follow a little later; 0 gives it the same priority as they have.
   */
  SEARCH_WRITER_NICE: z.coerce.number().int().min(0).max(19).default(10),
  /**
   * What this process does: `web` answers HTTP and runs no background jobs, `worker` runs the background jobs
   * (harvest schedules, link checks, renewals, invoices, alerts, cancelling unpaid orders) and answers only
   * /healthz and /readyz, `all` (the default) both. Several `web` processes and one or more `worker`s share one
   * database; each job runs once whichever worker takes it.
   */
  ROLE: z.enum(['web', 'worker', 'all']).default('all'),
  /** Limit of one call to a connector's API in milliseconds; a connector that takes longer is a 504. */
  CONNECTOR_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /**
   * Minutes between two crawls of the data space: every registered connector's DSP catalog read into the catalogue
   * (docs/dataspace-crawl.md). The first crawl runs one interval after the start; 0 turns the scheduled crawl off
   * ('Crawl now' on the Connectors page still works).
   */
  CRAWL_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
  /**
   * The key that encrypts connector API keys at rest (AES-256-GCM): 32 bytes, base64. Unset: a key file
   * `connector-secret.key` in DATA_DIR, created on the first start.
   */
  /**
   * SMTP server for alert mails, e.g. smtp://user:password@mail.example.com:587 or smtps://...; unset: alerts
   * stay in the app's notification centre.
   */
  SMTP_URL: z
    .string()
    .refine((value) => /^smtps?:\/\//.test(value), 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** Sender of alert mails. */
  MAIL_FROM: z.string().min(3).max(320).default('Datenmarktplatz <no-reply@localhost>'),
  /** Seconds between two runs of the alert job (new offers of saved searches, price and endpoint changes). */
  ALERT_CHECK_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /** Seconds between two prunings of old notifications and unsubscribe links. */
  ALERT_PRUNE_INTERVAL_SECONDS: z.coerce.number().int().min(60).max(604_800).default(86_400),
  /** Days a read notification is kept after it was written, and a used unsubscribe link after its use. */
  ALERT_READ_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(90),
  /** Days an unread notification is kept after it was written (one still waiting to be mailed stays). */
  ALERT_UNREAD_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(365),
  /** Days an unused unsubscribe link keeps working after its mail; then it is deleted. */
  ALERT_LINK_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(365),
  CONNECTOR_SECRET_KEY: z
    .string()
    .refine((value) => Buffer.from(value, 'base64').length === 32, 'must be 32 bytes, base64-encoded')
    .optional(),
  /**
   * The key that encrypts the suppliers' API gateway credentials at rest (AES-256-GCM): 32 bytes, base64.
   * Unset: a key file `gateway-secret.key` in DATA_DIR, created on the first start.
   */
  GATEWAY_SECRET_KEY: z
    .string()
    .refine((value) => Buffer.from(value, 'base64').length === 32, 'must be 32 bytes, base64-encoded')
    .optional(),
  /** Calls per buyer API key and minute through the API gateway, over all server processes; 0 turns the limit off. */
  GATEWAY_RATE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(60),
  /**
   * Comma-separated host names or addresses the API gateway may forward to although they resolve to
   * private, loopback or link-local addresses; empty allows none.
   */
  GATEWAY_ALLOWED_HOSTS: ZHostList,
  /** Limit in milliseconds from forwarding a call to the supplier API's response headers; over it the buyer gets 504. */
  GATEWAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
});

/** What a server process does: answer HTTP (`web`), run the background jobs (`worker`), or both (`all`). */
export type TProcessRole = 'web' | 'worker' | 'all';

/** How long the alert job keeps old notifications and unsubscribe links, in days. */
export type TAlertRetention = {
  /** A read notification, from when it was written; a used unsubscribe link, from its use. */
  readDays: number;
  /** An unread notification not waiting to be mailed, from when it was written. */
  unreadDays: number;
  /** An unused unsubscribe link, from its mail. */
  linkDays: number;
};

export type TConfig = {
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  databaseReadUrls: string[];
  /** Time between two checks that PostgreSQL accepts connections (DATABASE_HEARTBEAT_MS); 0 is off. */
  databaseHeartbeatMs: number;
  /** Connections of the background jobs' pool (DATABASE_BACKGROUND_CONNECTIONS). */
  databaseBackgroundConnections: number;
  dataDir: string;
  /**
   * The search index: its folder (SEARCH_INDEX_DIR), search threads (SEARCH_WORKERS) and when a process that stopped
   * following the outbox is forgotten (SEARCH_CONSUMER_EXPIRY_SECONDS), and how long its threads may warm it at the
   * start (SEARCH_WARM_SECONDS), and when it merges its word lists (SEARCH_MERGE_AFTER_CHANGES, SEARCH_SETTLE_SECONDS).
   */
  searchIndex: {
    dir: string;
    workers: number;
    consumerExpirySeconds: number;
    warmSeconds: number;
    mergeAfterChanges: number;
    settleSeconds: number;
    writerNice: number;
  };
  /** What this process does (ROLE): `web` answers HTTP without background jobs, `worker` only runs them, `all` both. */
  role: TProcessRole;
  productId: string;
  userRole: string;
  /** The external issuer when set; undefined means the embedded provider. */
  oidcIssuer: string | undefined;
  /** The issuer tokens must carry: OIDC_ISSUER, or the embedded realm under PUBLIC_URL. */
  issuer: string;
  /** True when the embedded OpenID Connect provider serves sign-in. */
  isEmbeddedIdp: boolean;
  oidcClientId: string;
  oidcAudience: string;
  oidcRolesClaim: string;
  seedDatasets: number;
  /** True when the product serves its demo files and its own origin is open to outbound requests (DEMO_DATA). */
  hasDemoData: boolean;
  logLevel: z.infer<typeof ZLogLevel>;
  /** Longest hold of the event loop in milliseconds that is not logged as a stall (EVENT_LOOP_STALL_MS); 0 is off. */
  eventLoopStallMs: number;
  /** Where the Prometheus metrics are served (METRICS_PORT, METRICS_HOST); null when METRICS_PORT is unset. */
  metrics: { port: number; host: string } | null;
  /** The marketplace's commission as a fraction of an invoice's net amount (COMMISSION_RATE). */
  commissionRate: number;
  /** Requests per user and minute of the rate-limited routes (SEARCH_RATE_LIMIT, ORDER_RATE_LIMIT); 0 is off. */
  rateLimits: { searchPerMinute: number; ordersPerMinute: number };
  /** The link checker's settings (LINK_CHECK_*). */
  linkCheck: { allowedHosts: string[]; timeoutMs: number; hostIntervalMs: number; recheckHours: number };
  /** Direct delivery (DOWNLOAD_*): sources allowed on non-public addresses, link lifetime, source timeout. */
  downloads: { allowedHosts: string[]; linkTtlSeconds: number; sourceTimeoutMs: number };
  /** True when the server runs and registers the demo sandbox connectors. */
  hasSandboxConnectors: boolean;
  /** Hosts connectors may be reached at although their addresses are not public (CONNECTOR_ALLOWED_HOSTS). */
  connectorAllowedHosts: string[];
  /** Limit of one connector call in milliseconds (CONNECTOR_TIMEOUT_MS). */
  connectorTimeoutMs: number;
  /** The marketplace's own connector, which organisations' connectors are checked against (MARKETPLACE_CONNECTOR_ID). */
  marketplaceConnectorId: string | undefined;
  /** Minutes between two scheduled crawls of every registered connector's catalog (CRAWL_INTERVAL_MINUTES); 0 is off. */
  crawlIntervalMinutes: number;
  /** Where harvest sources may be read from (HARVEST_ALLOWED_HOSTS, HARVEST_FILE_DIR). */
  harvest: { allowedHosts: string[]; fileDir: string | undefined };
  /** How data previews are read and kept (PREVIEW_*). */
  preview: { allowedHosts: string[]; maxBytes: number; timeoutMs: number; cacheMinutes: number };
  /** Alert mails (SMTP_URL, MAIL_FROM; no smtpUrl: in-app only) and the alert job's interval in seconds. */
  alerts: {
    smtpUrl: string | undefined;
    mailFrom: string;
    checkIntervalSeconds: number;
    pruneIntervalSeconds: number;
    /** How long old notifications and unsubscribe links are kept (ALERT_*_RETENTION_DAYS). */
    retention: TAlertRetention;
  };
  /** CONNECTOR_SECRET_KEY (base64); undefined means the key file in DATA_DIR. */
  connectorSecretKey: string | undefined;
  /** The operator as the issuer of commission invoices (OPERATOR_COMPANY, _STREET, ..., _IBAN, _BIC). */
  marketplaceParty: TInvoiceParty;
  /** The API gateway's settings (GATEWAY_*); `secretKey` undefined means the key file in DATA_DIR. */
  gateway: { secretKey: string | undefined; perMinute: number; allowedHosts: string[]; timeoutMs: number };
  /** The operator's details for the legal pages (OPERATOR_*); isDemo while all are the demo values. */
  operator: {
    company: string;
    address: string;
    register: string;
    vatId: string;
    email: string;
    phone: string;
    isDemo: boolean;
    /** The dates of the legal texts in force (LEGAL_*_DATE), yyyy-mm-dd. */
    legalDates: { privacyPolicy: string; terms: string };
  };
};

export class ConfigError extends Error {}

/** Reads the configuration from an environment; throws ConfigError with one line per bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): TConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = ZEnvironment.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      return `Invalid configuration: ${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(lines.join('\n'));
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const hasDemoData = e.DEMO_DATA ?? (!e.OIDC_ISSUER && !e.DATABASE_URL);
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    databaseUrl: e.DATABASE_URL,
    databaseReadUrls: e.DATABASE_READ_URLS,
    databaseHeartbeatMs: e.DATABASE_HEARTBEAT_MS,
    databaseBackgroundConnections: e.DATABASE_BACKGROUND_CONNECTIONS,
    dataDir: path.resolve(e.DATA_DIR),
    searchIndex: {
      dir: path.resolve(e.SEARCH_INDEX_DIR ?? path.join(e.DATA_DIR, 'search-index')),
      workers: e.SEARCH_WORKERS,
      consumerExpirySeconds: e.SEARCH_CONSUMER_EXPIRY_SECONDS,
      warmSeconds: e.SEARCH_WARM_SECONDS,
      mergeAfterChanges: e.SEARCH_MERGE_AFTER_CHANGES,
      settleSeconds: e.SEARCH_SETTLE_SECONDS,
      writerNice: e.SEARCH_WRITER_NICE,
    },
    role: e.ROLE,
    productId: e.PRODUCT_ID,
    userRole: `${e.PRODUCT_ID}_USER`,
    oidcIssuer: e.OIDC_ISSUER,
    issuer: e.OIDC_ISSUER ? e.OIDC_ISSUER.replace(/\/+$/, '') : `${publicUrl}${EMBEDDED_REALM_PATH}`,
    isEmbeddedIdp: !e.OIDC_ISSUER,
    oidcClientId: e.OIDC_CLIENT_ID,
    oidcAudience: e.OIDC_AUDIENCE ?? e.OIDC_CLIENT_ID,
    oidcRolesClaim: e.OIDC_ROLES_CLAIM,
    seedDatasets: e.SEED_DATASETS,
    hasDemoData,
    logLevel: e.LOG_LEVEL,
    eventLoopStallMs: e.EVENT_LOOP_STALL_MS,
    metrics: e.METRICS_PORT === undefined ? null : { port: e.METRICS_PORT, host: e.METRICS_HOST },
    commissionRate: e.COMMISSION_RATE,
    rateLimits: { searchPerMinute: e.SEARCH_RATE_LIMIT, ordersPerMinute: e.ORDER_RATE_LIMIT },
    linkCheck: {
      allowedHosts: e.LINK_CHECK_ALLOWED_HOSTS,
      timeoutMs: e.LINK_CHECK_TIMEOUT_MS,
      hostIntervalMs: e.LINK_CHECK_HOST_INTERVAL_MS,
      recheckHours: e.LINK_CHECK_RECHECK_HOURS,
    },
    downloads: {
      allowedHosts: e.DOWNLOAD_ALLOWED_HOSTS,
      linkTtlSeconds: e.DOWNLOAD_LINK_TTL_SECONDS,
      sourceTimeoutMs: e.DOWNLOAD_SOURCE_TIMEOUT_MS,
    },
    hasSandboxConnectors: e.SANDBOX_CONNECTORS ?? !e.DATABASE_URL,
    connectorAllowedHosts: e.CONNECTOR_ALLOWED_HOSTS,
    connectorTimeoutMs: e.CONNECTOR_TIMEOUT_MS,
    marketplaceConnectorId:
      e.MARKETPLACE_CONNECTOR_ID ?? ((e.SANDBOX_CONNECTORS ?? !e.DATABASE_URL) ? 'provider' : undefined),
    crawlIntervalMinutes: e.CRAWL_INTERVAL_MINUTES,
    preview: {
      allowedHosts: e.PREVIEW_ALLOWED_HOSTS,
      maxBytes: e.PREVIEW_MAX_BYTES,
      timeoutMs: e.PREVIEW_TIMEOUT_MS,
      cacheMinutes: e.PREVIEW_CACHE_MINUTES,
    },
    harvest: {
      allowedHosts: e.HARVEST_ALLOWED_HOSTS,
      // The demo reads its ready harvest source from a folder of its own (prepare-demo-harvest-source.ts).
      fileDir:
        e.HARVEST_FILE_DIR !== undefined
          ? path.resolve(e.HARVEST_FILE_DIR)
          : hasDemoData
            ? path.resolve(e.DATA_DIR, 'harvest-sources')
            : undefined,
    },
    connectorSecretKey: e.CONNECTOR_SECRET_KEY,
    marketplaceParty: {
      legalName: e.OPERATOR_COMPANY,
      street: e.OPERATOR_STREET,
      postalCode: e.OPERATOR_POSTAL_CODE,
      city: e.OPERATOR_CITY,
      country: e.OPERATOR_COUNTRY,
      vatId: e.OPERATOR_VAT_ID,
      iban: e.OPERATOR_IBAN.replace(/\s/g, ''),
      bic: e.OPERATOR_BIC,
      contactEmail: e.OPERATOR_EMAIL,
      contactPhone: e.OPERATOR_PHONE,
    },
    gateway: {
      secretKey: e.GATEWAY_SECRET_KEY,
      perMinute: e.GATEWAY_RATE_LIMIT,
      allowedHosts: e.GATEWAY_ALLOWED_HOSTS,
      timeoutMs: e.GATEWAY_TIMEOUT_MS,
    },
    alerts: {
      smtpUrl: e.SMTP_URL,
      mailFrom: e.MAIL_FROM,
      checkIntervalSeconds: e.ALERT_CHECK_INTERVAL_SECONDS,
      pruneIntervalSeconds: e.ALERT_PRUNE_INTERVAL_SECONDS,
      retention: {
        readDays: e.ALERT_READ_RETENTION_DAYS,
        unreadDays: e.ALERT_UNREAD_RETENTION_DAYS,
        linkDays: e.ALERT_LINK_RETENTION_DAYS,
      },
    },
    operator: presentOperator(
      {
        company: e.OPERATOR_COMPANY,
        address: e.OPERATOR_ADDRESS,
        register: e.OPERATOR_REGISTER,
        vatId: e.OPERATOR_VAT_ID,
        email: e.OPERATOR_EMAIL,
        phone: e.OPERATOR_PHONE,
      },
      { privacyPolicy: e.LEGAL_PRIVACY_POLICY_DATE, terms: e.LEGAL_TERMS_DATE },
    ),
  };
}

function presentOperator(
  details: Record<keyof typeof DEMO_OPERATOR, string>,
  legalDates: TConfig['operator']['legalDates'],
): TConfig['operator'] {
  const isDemo = (Object.keys(DEMO_OPERATOR) as (keyof typeof DEMO_OPERATOR)[]).every(
    (key) => details[key] === DEMO_OPERATOR[key],
  );
  return { ...details, isDemo, legalDates };
}
