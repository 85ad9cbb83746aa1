import { connectorIdOf, type TManagementApiVersion } from '@dsm/contracts';
import type { Insertable } from 'kysely';
import type { TDb } from '../../db/database';
import type { TConnectorTable } from '../../db/schema';
import { decryptSecret, encryptSecret } from './connector-secrets';

/** A connector row as the module uses it; the API key never leaves the server. */
export type TConnectorRow = {
  id: string;
  name: string;
  url: string;
  apiKey: string | null;
  isSandbox: boolean;
  /** The management API's address when it is not `{url}/management`. */
  managementUrl?: string | null;
  /** The DSP address when it is not `{url}/protocol`. */
  protocolUrl?: string | null;
  /** The Management API version spoken (`auto` when left out: asked of `versionUrl`, else v3). */
  managementApiVersion?: TManagementApiVersion;
  /** The connector's version API, which `auto` asks. */
  versionUrl?: string | null;
  /** The participant's federated catalog, which the crawl queries instead of the DSP catalog when set. */
  federatedCatalogUrl?: string | null;
};

const COLUMNS = [
  'id',
  'name',
  'url',
  'api_key',
  'api_key_encrypted',
  'management_url',
  'protocol_url',
  'is_sandbox',
  'management_api_version',
  'version_url',
  'federated_catalog_url',
] as const;

function toRow(row: {
  id: string;
  name: string;
  url: string;
  api_key: string | null;
  api_key_encrypted: string | null;
  management_url: string | null;
  protocol_url: string | null;
  is_sandbox: boolean;
  management_api_version: TManagementApiVersion;
  version_url: string | null;
  federated_catalog_url: string | null;
}): TConnectorRow {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    apiKey: row.api_key_encrypted === null ? row.api_key : decryptSecret(row.api_key_encrypted),
    isSandbox: row.is_sandbox,
    managementUrl: row.management_url,
    protocolUrl: row.protocol_url,
    managementApiVersion: row.management_api_version,
    versionUrl: row.version_url,
    federatedCatalogUrl: row.federated_catalog_url,
  };
}

/** Every connector, by name. */
export async function selectConnectors(db: TDb): Promise<TConnectorRow[]> {
  const rows = await db.selectFrom('connectors').select(COLUMNS).orderBy('name').orderBy('id').execute();
  return rows.map(toRow);
}

/** One connector by id, or null. */
export async function selectConnector(db: TDb, id: string): Promise<TConnectorRow | null> {
  const row = await db.selectFrom('connectors').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toRow(row) : null;
}

/** What registering a connector takes; the id is derived from the URL. */
export type TNewConnector = { name: string; url: string; apiKey: string | null };

/** A demo connector this server runs: its version API tells `auto` which Management API it serves. */
export type TSandboxConnector = TNewConnector & { versionUrl?: string };

/** The id of a connector URL (its last path segment); throws for a URL that has none. */
function idOf(url: string): string {
  const id = connectorIdOf(url);
  if (id === null) throw new Error(`The connector URL ${url} must end in a path segment naming the connector`);
  return id;
}

/**
 * Registers a demo connector this server runs, replacing an earlier sandbox row of the same id (its port changed).
 * Returns false, changing nothing, when an operator's connector already holds the id.
 */
export async function upsertSandboxConnector(db: TDb, newConnector: TSandboxConnector): Promise<boolean> {
  const connector = { ...newConnector, id: idOf(newConnector.url) };
  const fields = {
    name: connector.name,
    url: connector.url,
    api_key: connector.apiKey,
    management_api_version: 'auto' as const,
    version_url: connector.versionUrl ?? null,
  };
  return writeConnectorRow(db, connector.id, fields, true);
}

/**
 * Inserts a connector row, or replaces the given fields of the one with its id when that one is of the same kind
 * (a demo sandbox or not); false, changing nothing, when it is of the other.
 */
async function writeConnectorRow(
  db: TDb,
  id: string,
  fields: Omit<Insertable<TConnectorTable>, 'id' | 'is_sandbox' | 'created_at' | 'updated_at'>,
  isSandbox: boolean,
): Promise<boolean> {
  const written = await db
    .insertInto('connectors')
    .values({ id, ...fields, is_sandbox: isSandbox })
    .onConflict((conflict) =>
      conflict
        .column('id')
        .doUpdateSet({ ...fields, updated_at: new Date() })
        .where('connectors.is_sandbox', '=', isSandbox),
    )
    .returning('id')
    .executeTakeFirst();
  return written !== undefined;
}

/** Removes a demo connector's row, if it still points at the given URL (a newer start may have replaced it). */
export async function deleteSandboxConnector(db: TDb, id: string, url: string): Promise<void> {
  await db
    .deleteFrom('connectors')
    .where('id', '=', id)
    .where('url', '=', url)
    .where('is_sandbox', '=', true)
    .execute();
}

/**
 * Adds a connector with its API key in plain text; for tests and scripts that run without the app's secret key.
 * The Management API version is `auto` unless given.
 */
export async function insertConnector(
  db: TDb,
  newConnector: TNewConnector & { managementApiVersion?: TManagementApiVersion },
): Promise<TConnectorRow> {
  const connector = { ...newConnector, id: idOf(newConnector.url) };
  await db
    .insertInto('connectors')
    .values({
      id: connector.id,
      name: connector.name,
      url: connector.url,
      api_key: connector.apiKey,
      management_api_version: connector.managementApiVersion,
    })
    .execute();
  return { ...connector, isSandbox: false };
}

/** What an operator registers: the id is derived from the URL; the API key is stored encrypted. */
export type TConnectorRegistration = TNewConnector & {
  managementUrl: string | null;
  protocolUrl: string | null;
  managementApiVersion: TManagementApiVersion;
  versionUrl: string | null;
  federatedCatalogUrl: string | null;
};

/** Registers an operator's connector with its API key encrypted; null when the id or URL is taken already. */
export async function registerConnector(db: TDb, registration: TConnectorRegistration): Promise<TConnectorRow | null> {
  const id = idOf(registration.url);
  const inserted = await db
    .insertInto('connectors')
    .values({
      id,
      name: registration.name,
      url: registration.url,
      api_key: null,
      api_key_encrypted: registration.apiKey === null ? null : encryptSecret(registration.apiKey),
      management_url: registration.managementUrl,
      protocol_url: registration.protocolUrl,
      management_api_version: registration.managementApiVersion,
      version_url: registration.versionUrl,
      federated_catalog_url: registration.federatedCatalogUrl,
    })
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted ? selectConnector(db, id) : null;
}

/** Removes an operator's connector; false when there is none with the id (the demo sandboxes are not removed). */
export async function deleteConnector(db: TDb, id: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('connectors')
    .where('id', '=', id)
    .where('is_sandbox', '=', false)
    .returning('id')
    .executeTakeFirst();
  return deleted !== undefined;
}

/** A connector a participant registers for itself (an organisation's own): its id is chosen by the caller. */
export type TOwnedConnector = {
  id: string;
  name: string;
  url: string;
  managementUrl: string;
  protocolUrl: string;
  /** Stored encrypted. */
  apiKey: string;
  managementApiVersion: TManagementApiVersion;
  /** The version API `auto` asks; null for none. */
  versionUrl: string | null;
};

/**
 * Writes a participant's own connector, creating it or replacing every field of the one with its id, with the API
 * key encrypted; false, changing nothing, when the id or the URL belongs to a demo sandbox or to another connector.
 * Run it inside the caller's transaction: the row lock it takes orders concurrent saves of the same connector.
 */
export async function upsertOwnedConnector(db: TDb, connector: TOwnedConnector): Promise<boolean> {
  const fields = {
    name: connector.name,
    url: connector.url,
    api_key: null,
    api_key_encrypted: encryptSecret(connector.apiKey),
    management_url: connector.managementUrl,
    protocol_url: connector.protocolUrl,
    management_api_version: connector.managementApiVersion,
    version_url: connector.versionUrl,
  };
  try {
    return await writeConnectorRow(db, connector.id, fields, false);
  } catch (error) {
    // Another connector holds the URL (unique).
    if ((error as { code?: string }).code === '23505') return false;
    throw error;
  }
}
