import { randomBytes } from 'node:crypto';
import { type Sandbox, startDemoSandboxes } from '@dsm/connector-sandbox';
import type { TDb } from '../../db/database';
import { allowSandboxConnector, connectorFetch, forgetSandboxConnector } from './connector-address-policy';
import { deleteSandboxConnector, upsertSandboxConnector } from './connector-repository';

/** The demo connectors as they appear in the connector list. */
const SANDBOX_NAMES: Record<string, string> = { provider: 'Provider sandbox', consumer: 'Consumer sandbox' };

export type TStartSandboxConnectorsOptions = {
  db: TDb;
  /** Where progress lines go. */
  log: (line: string) => void;
};

/** The running demo connectors. */
export type TSandboxConnectors = {
  /** Their URLs by connector id. */
  urls: Record<string, string>;
  /** Removes their rows and stops them. */
  stop(): Promise<void>;
};

/**
 * Starts the demo connectors 'provider' and 'consumer' (EDC sandboxes with sample assets, policies and contract
 * definitions) on free loopback ports in this process and registers them in the connectors table. Every request they
 * send passes the connectors' address policy, and none follows a redirect. A fresh random
 * API key guards each start, so nothing else on the machine can change them. An operator's connector that already
 * holds the id 'provider' or 'consumer' is left alone and that sandbox goes unlisted.
 */
export async function startSandboxConnectors({ db, log }: TStartSandboxConnectorsOptions): Promise<TSandboxConnectors> {
  const apiKey = randomBytes(24).toString('base64url');
  // Their DSP calls, catalog requests and data-plane reads go where operators and counter-parties point them: through
  // the connectors' address policy, like the marketplace's own connector calls.
  const sandboxes = await startDemoSandboxes({ host: '127.0.0.1', apiKey, fetch: connectorFetch });
  const registered: Sandbox[] = [];
  try {
    for (const sandbox of [sandboxes.provider, sandboxes.consumer]) {
      const name = SANDBOX_NAMES[sandbox.participantId] ?? sandbox.participantId;
      // The sandboxes listen on loopback, which connector calls otherwise refuse.
      allowSandboxConnector(sandbox.url);
      // Registered with their version API, so 'auto' finds the Management API v4 they serve beside v3.
      if (await upsertSandboxConnector(db, { name, url: sandbox.url, apiKey, versionUrl: sandbox.addresses.version })) {
        registered.push(sandbox);
        log(`Sandbox connector '${sandbox.participantId}' at ${sandbox.url}`);
      } else {
        log(`Sandbox connector '${sandbox.participantId}' not listed: a registered connector has that id`);
      }
    }
  } catch (error) {
    await sandboxes.close();
    throw error;
  }
  let stopping: Promise<void> | null = null;
  return {
    urls: Object.fromEntries(registered.map((sandbox) => [sandbox.participantId, sandbox.url])),
    stop: () => {
      stopping ??= (async () => {
        try {
          for (const sandbox of registered) await deleteSandboxConnector(db, sandbox.participantId, sandbox.url);
        } finally {
          for (const sandbox of [sandboxes.provider, sandboxes.consumer]) forgetSandboxConnector(sandbox.url);
          await sandboxes.close();
        }
      })();
      return stopping;
    },
  };
}
