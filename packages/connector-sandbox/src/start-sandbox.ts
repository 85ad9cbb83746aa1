import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { ADDRESS_PATHS, buildSandboxApp } from './internal/app';
import type { SandboxAddresses, SandboxContext } from './internal/context';
import { Scheduler } from './internal/scheduler';
import { Store } from './internal/store';

export type { SandboxAddresses };

/** How to start a sandbox connector. */
export interface SandboxOptions {
  /** The port to listen on (0, the default, picks a free one). */
  port?: number;
  /** The interface to listen on (`127.0.0.1` by default). */
  host?: string;
  /** The API key management calls must send as `X-Api-Key` (401 otherwise); no check when left out. */
  apiKey?: string;
  /** Accepts a management call's `Authorization: Bearer` token instead of the API key. */
  verifyBearerToken?: (token: string) => boolean | Promise<boolean>;
  /** This connector's participant id in the dataspace (`sandbox` by default). */
  participantId?: string;
  /** The delay before each state-machine step, in milliseconds (20 by default): small, yet every state is visible. */
  stepDelayMs?: number;
  /** The base URL other parties reach the sandbox at (`http://{host}:{port}` by default), e.g. behind a proxy. */
  advertisedUrl?: string;
  /** DSP addresses the federated catalog asks for catalogs at query time (none by default). */
  federatedCatalogNodes?: string[] | (() => string[]);
  /** Logs requests with Fastify's logger (off by default). */
  logger?: boolean;
}

/** A running sandbox connector. */
export interface Sandbox {
  /** The base URL of its HTTP server. */
  url: string;
  /** Its six addresses, ready for `createConnectorClient({ addresses })`. */
  addresses: SandboxAddresses;
  /** Its participant id. */
  participantId: string;
  /** Stops its state machines and its server. */
  close(): Promise<void>;
}

/** The delay before each state-machine step when the options name none. */
export const DEFAULT_STEP_DELAY_MS = 20;

/**
 * Starts an EDC-compatible test double: the management API subset the connector client uses, in-memory state,
 * negotiation and transfer state machines, the dataspace protocol between sandboxes, a public data plane, health
 * checks and a federated catalog, all on one port. Never for production.
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const host = options.host ?? '127.0.0.1';
  const nodes = options.federatedCatalogNodes;
  const context: SandboxContext = {
    participantId: options.participantId ?? 'sandbox',
    apiKey: options.apiKey,
    verifyBearerToken: options.verifyBearerToken,
    addresses: addressesOf('http://unbound'),
    store: new Store(),
    scheduler: new Scheduler(options.stepDelayMs ?? DEFAULT_STEP_DELAY_MS, (error) => {
      if (options.logger) console.error('connector-sandbox step failed', error);
    }),
    catalogId: randomUUID(),
    dataServiceId: randomUUID(),
    federatedCatalogNodes: typeof nodes === 'function' ? nodes : () => nodes ?? [],
  };
  const app = buildSandboxApp(context, { logger: options.logger ?? false });
  await app.listen({ port: options.port ?? 0, host });
  const { port } = app.server.address() as AddressInfo;
  const url = (options.advertisedUrl ?? `http://${host.includes(':') ? `[${host}]` : host}:${port}`).replace(
    /\/+$/,
    '',
  );
  context.addresses = addressesOf(url);

  let closing: Promise<void> | undefined;
  return {
    url,
    addresses: { ...context.addresses },
    participantId: context.participantId,
    close: () => {
      closing ??= (async () => {
        await context.scheduler.close();
        await app.close();
      })();
      return closing;
    },
  };
}

function addressesOf(url: string): SandboxAddresses {
  return {
    default: url + ADDRESS_PATHS.default,
    protocol: url + ADDRESS_PATHS.protocol,
    management: url + ADDRESS_PATHS.management,
    control: url + ADDRESS_PATHS.control,
    public: url + ADDRESS_PATHS.public,
    federatedCatalog: url + ADDRESS_PATHS.federatedCatalog,
  };
}
