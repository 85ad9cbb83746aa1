import { createConnectorClient } from '@dsm/connector-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/config';
import { createDatabase } from '../../db/database';
import { findFreePort } from '../../db/embedded-postgres';
import { startServer } from '../../server';
import { createTestDatabase, type TTestDatabase } from '../../test/test-database';
import { connectorClientFor } from './connector-client-for';
import { insertConnector, selectConnector, selectConnectors } from './connector-repository';
import { startSandboxConnectors } from './start-sandbox-connectors';

let database: TTestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

// Each test starts from an empty connectors table.
beforeEach(async () => {
  await database.db.deleteFrom('connectors').execute();
});

afterAll(() => database?.drop());

describe('startSandboxConnectors', () => {
  it('runs provider and consumer, registers them with a fresh API key, and removes them on stop', async () => {
    const lines: string[] = [];
    const sandboxes = await startSandboxConnectors({ db: database.db, log: (line) => lines.push(line) });
    let isStopped = false;
    try {
      const rows = await selectConnectors(database.db);
      expect(rows.map((row) => [row.id, row.name, row.isSandbox])).toEqual([
        ['consumer', 'Consumer sandbox', true],
        ['provider', 'Provider sandbox', true],
      ]);
      expect(rows[1]!.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/provider$/);
      expect(sandboxes.urls).toEqual({ provider: rows[1]!.url, consumer: rows[0]!.url });
      expect(lines).toEqual([
        `Sandbox connector 'provider' at ${rows[1]!.url}`,
        `Sandbox connector 'consumer' at ${rows[0]!.url}`,
      ]);

      const provider = rows[1]!;
      const addresses = { management: `${provider.url}/management` };
      const client = createConnectorClient({ addresses, apiKey: provider.apiKey! });
      expect(await client.contractDefinitions.query()).toHaveLength(3);
      // Registered with their version API, the demo connectors are spoken to in v4.
      expect(provider.versionUrl).toBe(`${provider.url}/.well-known/version`);
      const registeredClient = connectorClientFor(provider);
      expect(await registeredClient.contractDefinitions.query()).toHaveLength(3);
      expect(await registeredClient.managementApi()).toMatchObject({ version: 'v4', urlPath: '/v4' });
      // The key is what guards them: without it the management API refuses.
      await expect(createConnectorClient({ addresses }).assets.query()).rejects.toMatchObject({ status: 401 });

      await sandboxes.stop();
      isStopped = true;
      expect(await selectConnectors(database.db)).toEqual([]);
      await expect(client.contractDefinitions.query()).rejects.toThrow(/^something went wrong: /);
    } finally {
      if (!isStopped) await sandboxes.stop();
    }
  });

  it("leaves an operator's connector of the same id alone", async () => {
    await insertConnector(database.db, {
      name: 'Real provider',
      url: 'https://edc.example.org/provider',
      apiKey: null,
    });
    const lines: string[] = [];
    const sandboxes = await startSandboxConnectors({ db: database.db, log: (line) => lines.push(line) });
    try {
      expect(await selectConnector(database.db, 'provider')).toMatchObject({
        name: 'Real provider',
        url: 'https://edc.example.org/provider',
        isSandbox: false,
      });
      expect(Object.keys(sandboxes.urls)).toEqual(['consumer']);
      expect(lines[0]).toBe("Sandbox connector 'provider' not listed: a registered connector has that id");
    } finally {
      await sandboxes.stop();
    }
    expect(await selectConnector(database.db, 'provider')).toMatchObject({ name: 'Real provider' });
    expect(await selectConnector(database.db, 'consumer')).toBeNull();
  });
});

describe('startServer with SANDBOX_CONNECTORS', () => {
  it('starts the sandboxes inside the server, lists them, and stops them with it', async () => {
    const port = await findFreePort();
    const config = loadConfig({
      DATABASE_URL: database.url,
      SANDBOX_CONNECTORS: 'true',
      SEED_DATASETS: '0',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
    });
    const server = await startServer({ config, log: () => {}, webDistDir: '/nonexistent' });
    let urls: Record<string, string>;
    try {
      urls = server.sandboxConnectorUrls;
      expect(Object.keys(urls).sort()).toEqual(['consumer', 'provider']);
      expect((await selectConnectors(database.db)).map((row) => row.url).sort()).toEqual(
        [urls.consumer, urls.provider].sort(),
      );
      expect((await fetch(`${urls.provider}/api/check/health`)).status).toBe(200);
    } finally {
      await server.stop();
    }
    const reopened = await createTestDatabaseLike(database.url);
    try {
      expect(await selectConnectors(reopened.db)).toEqual([]);
    } finally {
      await reopened.close();
    }
    await expect(fetch(`${urls.provider}/api/check/health`)).rejects.toThrow();
  });
});

describe('SANDBOX_CONNECTORS', () => {
  it('is on in the embedded mode and off with DATABASE_URL, unless set', () => {
    expect(loadConfig({}).hasSandboxConnectors).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://h/db' }).hasSandboxConnectors).toBe(false);
    expect(loadConfig({ SANDBOX_CONNECTORS: 'false' }).hasSandboxConnectors).toBe(false);
    expect(loadConfig({ SANDBOX_CONNECTORS: 'off' }).hasSandboxConnectors).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://h/db', SANDBOX_CONNECTORS: 'true' }).hasSandboxConnectors).toBe(true);
    expect(loadConfig({ SANDBOX_CONNECTORS: '1' }).hasSandboxConnectors).toBe(true);
  });

  it('refuses other values with a line naming the variable', () => {
    expect(() => loadConfig({ SANDBOX_CONNECTORS: 'yes please' })).toThrow(ConfigError);
    expect(() => loadConfig({ SANDBOX_CONNECTORS: 'yes please' })).toThrow(
      'Invalid configuration: SANDBOX_CONNECTORS="yes please": must be true or false',
    );
  });
});

/** The server closes the test database's pools with it; a second handle reads what it left behind. */
function createTestDatabaseLike(url: string) {
  return createDatabase({ url, maxConnections: 2 });
}
