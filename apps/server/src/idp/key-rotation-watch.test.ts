import Fastify from 'fastify';
import { expect, it, vi } from 'vitest';
import { loadConfig } from '../config/config';
import { findFreePort } from '../db/embedded-postgres';
import { createTestDatabase } from '../test/test-database';
import { registerIdentityProvider } from './index';
import { rotateSigningKeys } from './keys';

it('picks up a key rotation made by another process without a restart', async () => {
  const database = await createTestDatabase();
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({ PUBLIC_URL: baseUrl, PORT: String(port), LOG_LEVEL: 'silent' });
  const app = Fastify();
  try {
    const idp = await registerIdentityProvider(app, {
      config,
      db: database.db,
      pool: database.pool,
      keyCheckIntervalMs: 50,
    });
    await app.listen({ port, host: '127.0.0.1' });
    const before = idp!.keyIds[0];
    // The CLI's way: straight into the database, no call into the running server.
    const rotated = await rotateSigningKeys(database.db);
    await vi.waitFor(
      async () => {
        const response = await fetch(`${baseUrl}/idp/realms/dsRealm/protocol/openid-connect/certs`);
        const { keys } = (await response.json()) as { keys: { kid: string }[] };
        expect(keys.map((key) => key.kid)).toEqual([rotated, before]);
      },
      { timeout: 5_000, interval: 50 },
    );
  } finally {
    await app.close();
    await database.drop();
  }
});

it('does nothing for an external issuer', async () => {
  const app = Fastify();
  const config = loadConfig({ OIDC_ISSUER: 'https://keycloak.example/realms/dsRealm' });
  const database = await createTestDatabase();
  try {
    expect(await registerIdentityProvider(app, { config, db: database.db, pool: database.pool })).toBeNull();
    await app.ready();
    expect(app.printRoutes()).not.toContain('protocol');
  } finally {
    await app.close();
    await database.drop();
  }
});
