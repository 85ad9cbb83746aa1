import type { ConnectorClient } from '../connector-client';
import {
  isNegotiationStateName,
  isTransferProcessStateName,
  type ManagementApiVersionChoice,
  type NegotiationStateName,
  type TransferProcessStateName,
  type UnknownStateName,
} from '../constants';
import { InvalidInputError, UnknownError } from '../errors';
import type { CallOptions, ManagementApi, QueryOptions, WaitForStateOptions } from '../types';
import {
  readAsset,
  readCatalog,
  readContractAgreement,
  readContractDefinition,
  readContractNegotiation,
  readDataAddress,
  readDataPlane,
  readDataset,
  readEndpointDataReference,
  readHealthStatus,
  readIdResponse,
  readList,
  readPolicyDefinition,
  readSecret,
  readState,
  readTransferProcess,
} from './read';
import { type RequestSpec, Transport, type TransportConfig } from './transport';
import { createVersionResolver, type VersionResolver } from './version';
import { isWellFormed } from './well-formed';
import { codecFor, type ManagementCodec, writeFederatedQuerySpec } from './write';

export interface ClientConfig extends TransportConfig {
  protocol: string;
  managementApiVersion: ManagementApiVersionChoice;
}

/** EDC's v4 has no EDR or deprovision endpoints; the releases serving v4 serve them under v3. */
const V3_ONLY_PATH = '/v3';

const NEGOTIATION_FINAL_STATES: NegotiationStateName[] = ['FINALIZED', 'TERMINATED'];
const TRANSFER_FINAL_STATES: TransferProcessStateName[] = ['COMPLETED', 'TERMINATED', 'DEPROVISIONED'];

/** An id as one path segment. Every call that takes an id is async, so this refusal rejects its promise. */
function segment(id: string): string {
  if (!isWellFormed(id)) throw new InvalidInputError('an id holds a lone surrogate and cannot be put into a URL');
  return encodeURIComponent(id);
}

function callOptions(options: CallOptions | undefined): CallOptions | undefined {
  if (options === undefined) return undefined;
  return { signal: options.signal, timeoutMs: options.timeoutMs };
}

export function buildClient(config: ClientConfig, shared?: VersionResolver): ConnectorClient {
  const transport = new Transport(config);
  const { protocol } = config;
  const resolver = shared ?? createVersionResolver(config.managementApiVersion, transport);

  /** The version spoken, its path prefix and its codec; asks the version API first under `auto`. */
  const api = async (): Promise<{ base: string; codec: ManagementCodec; api: ManagementApi }> => {
    const resolved = await resolver.resolve();
    return { base: resolved.urlPath, codec: codecFor(resolved.version), api: resolved };
  };

  const management = (
    method: RequestSpec['method'],
    path: string,
    call: CallOptions | undefined,
    body?: unknown,
  ): RequestSpec => ({ address: 'management', method, path, body, credentials: 'management', call: callOptions(call) });

  const query = async <T extends { id: string }>(
    resource: string,
    reader: (raw: unknown) => T,
    options: QueryOptions | undefined,
    base?: string,
  ): Promise<T[]> => {
    const { base: current, codec } = await api();
    return readList(
      await transport.json(management('POST', `${base ?? current}${resource}`, options, codec.querySpec(options))),
      reader,
    );
  };

  /** A call whose body the version's codec writes and whose answer is JSON. */
  const send = async (
    method: RequestSpec['method'],
    resource: (base: string) => string,
    call: CallOptions | undefined,
    body?: (codec: ManagementCodec) => unknown,
  ): Promise<unknown> => {
    const { base, codec } = await api();
    return transport.json(management(method, resource(base), call, body?.(codec)));
  };

  /** A call whose answer's body is ignored. */
  const sendVoid = async (
    method: RequestSpec['method'],
    resource: (base: string) => string,
    call: CallOptions | undefined,
    body?: (codec: ManagementCodec) => unknown,
  ): Promise<void> => {
    const { base, codec } = await api();
    return transport.void(management(method, resource(base), call, body?.(codec)));
  };

  const health = async (path: string, call: CallOptions | undefined) =>
    readHealthStatus(
      await transport.json({ address: 'default', method: 'GET', path, credentials: 'apiKey', call: callOptions(call) }),
    );

  async function waitForState<S extends string>(
    read: (call: CallOptions) => Promise<{ state: S | UnknownStateName }>,
    what: string,
    states: S[],
    finalStates: S[],
    options: WaitForStateOptions | undefined,
  ): Promise<{ state: S | UnknownStateName }> {
    const deadline = Date.now() + (options?.waitTimeoutMs ?? 10_000);
    const interval = options?.intervalMs ?? 100;
    for (;;) {
      const current = await read(callOptions(options) ?? {});
      if ((states as readonly string[]).includes(current.state)) return current;
      if ((finalStates as readonly string[]).includes(current.state)) {
        throw new UnknownError(
          `something went wrong: ${what} reached ${current.state} instead of ${states.join(' or ')}`,
        );
      }
      if (Date.now() + interval > deadline) {
        throw new UnknownError(
          `something went wrong: ${what} still ${current.state} after waiting for ${states.join(' or ')}`,
        );
      }
      if (options?.signal?.aborted) throw new UnknownError('something went wrong: waiting was aborted');
      await new Promise((resolve) => setTimeout(resolve, interval));
    }
  }

  const client: ConnectorClient = {
    addresses: Object.freeze({ ...config.addresses }),
    protocol,
    managementApiVersion: config.managementApiVersion,
    managementApi: async () => ({ ...(await resolver.resolve()) }),

    assets: {
      create: async (asset, options) =>
        readIdResponse(
          await send(
            'POST',
            (base) => `${base}/assets`,
            options,
            (codec) => codec.asset(asset),
          ),
        ),
      update: async (asset, options) =>
        sendVoid(
          'PUT',
          (base) => `${base}/assets`,
          options,
          (codec) => codec.asset(asset),
        ),
      get: async (id, options) => readAsset(await send('GET', (base) => `${base}/assets/${segment(id)}`, options)),
      delete: async (id, options) => sendVoid('DELETE', (base) => `${base}/assets/${segment(id)}`, options),
      query: (options) => query('/assets/request', readAsset, options),
    },

    catalog: {
      request: async (input) =>
        readCatalog(
          await send(
            'POST',
            (base) => `${base}/catalog/request`,
            input,
            (codec) => codec.catalogRequest(input, protocol),
          ),
        ),
      requestDataset: async (input) =>
        readDataset(
          await send(
            'POST',
            (base) => `${base}/catalog/dataset/request`,
            input,
            (codec) => codec.datasetRequest(input, protocol),
          ),
        ),
    },

    contractAgreements: {
      query: (options) => query('/contractagreements/request', readContractAgreement, options),
      get: async (id, options) =>
        readContractAgreement(await send('GET', (base) => `${base}/contractagreements/${segment(id)}`, options)),
      getNegotiation: async (id, options) =>
        readContractNegotiation(
          await send('GET', (base) => `${base}/contractagreements/${segment(id)}/negotiation`, options),
        ),
    },

    contractDefinitions: {
      create: async (definition, options) =>
        readIdResponse(
          await send(
            'POST',
            (base) => `${base}/contractdefinitions`,
            options,
            (codec) => codec.contractDefinition(definition),
          ),
        ),
      update: async (definition, options) =>
        sendVoid(
          'PUT',
          (base) => `${base}/contractdefinitions`,
          options,
          (codec) => codec.contractDefinition(definition),
        ),
      get: async (id, options) =>
        readContractDefinition(await send('GET', (base) => `${base}/contractdefinitions/${segment(id)}`, options)),
      delete: async (id, options) =>
        sendVoid('DELETE', (base) => `${base}/contractdefinitions/${segment(id)}`, options),
      query: (options) => query('/contractdefinitions/request', readContractDefinition, options),
    },

    contractNegotiations: {
      initiate: async (input) =>
        readIdResponse(
          await send(
            'POST',
            (base) => `${base}/contractnegotiations`,
            input,
            (codec) => codec.contractRequest(input, protocol),
          ),
        ),
      query: (options) => query('/contractnegotiations/request', readContractNegotiation, options),
      get: async (id, options) =>
        readContractNegotiation(await send('GET', (base) => `${base}/contractnegotiations/${segment(id)}`, options)),
      getState: async (id, options) =>
        readState<NegotiationStateName>(
          await send('GET', (base) => `${base}/contractnegotiations/${segment(id)}/state`, options),
          'INITIAL',
          isNegotiationStateName,
        ),
      terminate: async (id, reason, options) =>
        sendVoid(
          'POST',
          (base) => `${base}/contractnegotiations/${segment(id)}/terminate`,
          options,
          (codec) => codec.terminate('TerminateNegotiation', id, reason),
        ),
      getAgreement: async (id, options) =>
        readContractAgreement(
          await send('GET', (base) => `${base}/contractnegotiations/${segment(id)}/agreement`, options),
        ),
      waitForState: (id, states, options) =>
        waitForState(
          (call) => client.contractNegotiations.getState(id, call),
          `negotiation ${id}`,
          states,
          NEGOTIATION_FINAL_STATES,
          options,
        ),
    },

    dataplanes: {
      list: async (options) => readList(await send('GET', (base) => `${base}/dataplanes`, options), readDataPlane),
    },

    edrs: {
      query: (options) => query('/edrs/request', readEndpointDataReference, options, V3_ONLY_PATH),
      delete: async (transferProcessId, options) =>
        sendVoid('DELETE', () => `${V3_ONLY_PATH}/edrs/${segment(transferProcessId)}`, options),
      getDataAddress: async (transferProcessId, options) =>
        readDataAddress(
          await send('GET', () => `${V3_ONLY_PATH}/edrs/${segment(transferProcessId)}/dataaddress`, options),
        ),
    },

    policyDefinitions: {
      create: async (definition, options) =>
        readIdResponse(
          await send(
            'POST',
            (base) => `${base}/policydefinitions`,
            options,
            (codec) => codec.policyDefinition(definition.id, definition.policy),
          ),
        ),
      update: async (id, definition, options) =>
        sendVoid(
          'PUT',
          (base) => `${base}/policydefinitions/${segment(id)}`,
          options,
          (codec) => codec.policyDefinition(id, definition.policy),
        ),
      delete: async (id, options) => sendVoid('DELETE', (base) => `${base}/policydefinitions/${segment(id)}`, options),
      get: async (id, options) =>
        readPolicyDefinition(await send('GET', (base) => `${base}/policydefinitions/${segment(id)}`, options)),
      query: (options) => query('/policydefinitions/request', readPolicyDefinition, options),
    },

    secrets: {
      create: async (secret, options) =>
        readIdResponse(
          await send(
            'POST',
            (base) => `${base}/secrets`,
            options,
            (codec) => codec.secret(secret),
          ),
        ),
      get: async (id, options) => readSecret(await send('GET', (base) => `${base}/secrets/${segment(id)}`, options)),
      update: async (secret, options) =>
        sendVoid(
          'PUT',
          (base) => `${base}/secrets`,
          options,
          (codec) => codec.secret(secret),
        ),
      delete: async (id, options) => sendVoid('DELETE', (base) => `${base}/secrets/${segment(id)}`, options),
    },

    transferProcesses: {
      initiate: async (input) =>
        readIdResponse(
          await send(
            'POST',
            (base) => `${base}/transferprocesses`,
            input,
            (codec) => codec.transferRequest(input, protocol),
          ),
        ),
      get: async (id, options) =>
        readTransferProcess(await send('GET', (base) => `${base}/transferprocesses/${segment(id)}`, options)),
      query: (options) => query('/transferprocesses/request', readTransferProcess, options),
      getState: async (id, options) =>
        readState<TransferProcessStateName>(
          await send('GET', (base) => `${base}/transferprocesses/${segment(id)}/state`, options),
          'INITIAL',
          isTransferProcessStateName,
        ),
      terminate: async (id, reason, options) =>
        sendVoid(
          'POST',
          (base) => `${base}/transferprocesses/${segment(id)}/terminate`,
          options,
          (codec) => codec.terminate('TerminateTransfer', id, reason),
        ),
      deprovision: async (id, options) =>
        sendVoid('POST', () => `${V3_ONLY_PATH}/transferprocesses/${segment(id)}/deprovision`, options),
      waitForState: (id, states, options) =>
        waitForState(
          (call) => client.transferProcesses.getState(id, call),
          `transfer process ${id}`,
          states,
          TRANSFER_FINAL_STATES,
          options,
        ),
    },

    health: {
      health: (options) => health('/check/health', options),
      liveness: (options) => health('/check/liveness', options),
      readiness: (options) => health('/check/readiness', options),
      startup: (options) => health('/check/startup', options),
    },

    publicData: {
      get: async (request = {}) => {
        const path = request.path === undefined || request.path === '' ? '/' : request.path;
        return transport.stream({
          address: 'public',
          method: 'GET',
          path: path.startsWith('/') ? path : `/${path}`,
          query: request.query,
          headers: request.headers,
          credentials: 'none',
          call: callOptions(request),
        });
      },
    },

    federatedCatalog: {
      query: async (options) =>
        readList(
          await transport.json({
            address: 'federatedCatalog',
            method: 'POST',
            path: '/v1alpha/catalog/query',
            body: writeFederatedQuerySpec(options),
            credentials: 'apiKey',
            call: callOptions(options),
          }),
          readCatalog,
        ),
    },

    withBearerToken: (token) => buildClient({ ...config, bearerToken: token }, resolver),
  };
  return client;
}
