import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { ADDRESS_PATHS, buildSandboxApp } from './internal/app';
import type { SandboxAddresses, SandboxContext } from './internal/context';
import type { ManagementApiVersion } from './internal/routes/management';
import { Scheduler } from './internal/scheduler';
import { Store } from './internal/store';

export type { ManagementApiVersion, SandboxAddresses };

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
  /** The base URL other parties reach the sandbox at (`http://{host}:{port}{basePath}` by default), e.g. behind a proxy. */
  advertisedUrl?: string;
  /** DSP addresses the federated catalog asks for catalogs at query time (none by default). */
  federatedCatalogNodes?: string[] | (() => string[]);
  /** Logs requests with Fastify's logger (off by default). */
  logger?: boolean;
  /**
   * A path every address lives below, for example `/provider`: the connector's URL then ends in it, as connector ids
   * taken from a URL's last segment expect (none by default).
   */
  basePath?: string;
  /** Assets, policy definitions and contract definitions the sandbox holds from the start (none by default). */
  seed?: SandboxSeed;
  /**
   * The fetch of every outbound request (DSP calls, federated catalog, data-plane reads and pushes), for example one
   * that applies an address policy; the global fetch by default. Redirects are never followed, whatever it does.
   */
  fetch?: typeof fetch;
  /**
   * The Management API versions served, below `/v3` and `/v4` of the management address, and listed by the version
   * API (both by default). The seed is written in v3 bodies, so a sandbox with a seed serves v3.
   */
  managementApiVersions?: ManagementApiVersion[];
}

/**
 * What a sandbox starts with: management request bodies (EDC JSON-LD, exactly as `POST /v3/assets`,
 * `/v3/policydefinitions` and `/v3/contractdefinitions` take them), applied in that order through the management API,
 * so seeded entities are checked like any other.
 */
export interface SandboxSeed {
  /** `POST /v3/assets` bodies. */
  assets?: Record<string, unknown>[];
  /** `POST /v3/policydefinitions` bodies. */
  policyDefinitions?: Record<string, unknown>[];
  /** `POST /v3/contractdefinitions` bodies. */
  contractDefinitions?: Record<string, unknown>[];
}

/** A running sandbox connector. */
export interface Sandbox {
  /** The base URL of its HTTP server, ending in the base path when one was given. */
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
  const basePath = normaliseBasePath(options.basePath);
  const nodes = options.federatedCatalogNodes;
  const context: SandboxContext = {
    participantId: options.participantId ?? 'sandbox',
    // Credentials are set once the seed is in, so seeding needs none.
    apiKey: undefined,
    verifyBearerToken: undefined,
    addresses: addressesOf('http://unbound'),
    store: new Store(),
    scheduler: new Scheduler(options.stepDelayMs ?? DEFAULT_STEP_DELAY_MS, (error) => {
      if (options.logger) console.error('connector-sandbox step failed', error);
    }),
    catalogId: randomUUID(),
    dataServiceId: randomUUID(),
    federatedCatalogNodes: typeof nodes === 'function' ? nodes : () => nodes ?? [],
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
  };
  const managementApiVersions = [...new Set(options.managementApiVersions ?? (['v3', 'v4'] as const))];
  if (managementApiVersions.length === 0) throw new Error('managementApiVersions must name v3, v4 or both');
  if (options.seed !== undefined && !managementApiVersions.includes('v3')) {
    throw new Error('the seed is written in Management API v3 bodies: a seeded sandbox serves v3');
  }
  const app = buildSandboxApp(context, { logger: options.logger ?? false, basePath, managementApiVersions });
  try {
    await applySeed(app, basePath, options.seed ?? {});
  } catch (error) {
    await context.scheduler.close();
    await app.close();
    throw error;
  }
  context.apiKey = options.apiKey;
  context.verifyBearerToken = options.verifyBearerToken;
  await app.listen({ port: options.port ?? 0, host });
  const { port } = app.server.address() as AddressInfo;
  const url = (options.advertisedUrl ?? `http://${host.includes(':') ? `[${host}]` : host}:${port}${basePath}`).replace(
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

function normaliseBasePath(basePath: string | undefined): string {
  const trimmed = (basePath ?? '').replace(/^\/+|\/+$/g, '');
  if (trimmed === '') return '';
  if (!/^[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*$/.test(trimmed)) {
    throw new Error(`basePath '${basePath}' must be URL path segments of letters, digits, '.', '_', '~' or '-'`);
  }
  return `/${trimmed}`;
}

async function applySeed(app: FastifyInstance, basePath: string, seed: SandboxSeed): Promise<void> {
  const steps: [string, Record<string, unknown>[] | undefined][] = [
    ['assets', seed.assets],
    ['policydefinitions', seed.policyDefinitions],
    ['contractdefinitions', seed.contractDefinitions],
  ];
  for (const [resource, bodies] of steps) {
    for (const body of bodies ?? []) {
      const answer = await app.inject({
        method: 'POST',
        url: `${basePath}${ADDRESS_PATHS.management}/v3/${resource}`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      if (answer.statusCode >= 300) {
        throw new Error(`the seed's ${resource} entry ${String(body['@id'] ?? '')} was refused: ${answer.body}`);
      }
    }
  }
}

function addressesOf(url: string): SandboxAddresses {
  return {
    default: url + ADDRESS_PATHS.default,
    protocol: url + ADDRESS_PATHS.protocol,
    management: url + ADDRESS_PATHS.management,
    control: url + ADDRESS_PATHS.control,
    public: url + ADDRESS_PATHS.public,
    federatedCatalog: url + ADDRESS_PATHS.federatedCatalog,
    version: url + ADDRESS_PATHS.version,
  };
}
