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
import type {
  AssetInput,
  CallOptions,
  ContractDefinitionInput,
  ManagementApi,
  QueryOptions,
  Secret,
  WaitForStateOptions,
} from '../types';
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

/** A negotiation or transfer process resource, for the calls about its state. */
interface ProcessResource<S extends string> {
  /** The resource's path below the version's prefix. */
  path: string;
  /** How an error message names one process. */
  what: string;
  /** The state assumed when an answer names none. */
  initial: S;
  isState: (state: string) => state is S;
  /** States after which the awaited ones can no longer come. */
  finalStates: S[];
  terminateType: 'TerminateNegotiation' | 'TerminateTransfer';
}

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

  /** A management call in the version spoken: its prefix before the resource, its codec writing the body. */
  const versioned = async (
    method: RequestSpec['method'],
    resource: (base: string) => string,
    call: CallOptions | undefined,
    body?: (codec: ManagementCodec) => unknown,
  ): Promise<RequestSpec> => {
    const { base, codec } = await api();
    return management(method, resource(base), call, body?.(codec));
  };

  /** A call whose answer is JSON. */
  const send = async (...call: Parameters<typeof versioned>): Promise<unknown> =>
    transport.json(await versioned(...call));

  /** A POST to `path` below the version's prefix, whose body the version's codec writes. */
  const post = (path: string, call: CallOptions | undefined, body: (codec: ManagementCodec) => unknown) =>
    send('POST', (base) => `${base}${path}`, call, body);

  /** A call whose answer's body is ignored. */
  const sendVoid = async (...call: Parameters<typeof versioned>): Promise<void> =>
    transport.void(await versioned(...call));

  /** Reads one record of a resource at `path/:id`. */
  const getOne =
    <TRecord>(path: string, reader: (raw: unknown) => TRecord) =>
    async (id: string, options?: CallOptions) =>
      reader(await send('GET', (base) => `${base}${path}/${segment(id)}`, options));

  /** Deletes one record of a resource at `path/:id`. */
  const deleteOne = (path: string) => async (id: string, options?: CallOptions) =>
    sendVoid('DELETE', (base) => `${base}${path}/${segment(id)}`, options);

  /** A resource whose records are created and replaced whole at `path` and read and deleted at `path/:id`. */
  const records = <TInput, TRecord>(
    path: string,
    reader: (raw: unknown) => TRecord,
    write: (codec: ManagementCodec, input: TInput) => unknown,
  ) => ({
    create: async (input: TInput, options?: CallOptions) =>
      readIdResponse(await post(path, options, (codec) => write(codec, input))),
    update: async (input: TInput, options?: CallOptions) =>
      sendVoid(
        'PUT',
        (base) => `${base}${path}`,
        options,
        (codec) => write(codec, input),
      ),
    get: getOne(path, reader),
    delete: deleteOne(path),
  });

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

  /** The state calls of a process resource at `path/:id`: reading, awaiting and terminating its state. */
  function processStates<S extends string>(process: ProcessResource<S>) {
    const { path } = process;
    const getState = async (id: string, options?: CallOptions) =>
      readState(
        await send('GET', (base) => `${base}${path}/${segment(id)}/state`, options),
        process.initial,
        process.isState,
      );
    return {
      getState,
      terminate: async (id: string, reason: string, options?: CallOptions) =>
        sendVoid(
          'POST',
          (base) => `${base}${path}/${segment(id)}/terminate`,
          options,
          (codec) => codec.terminate(process.terminateType, id, reason),
        ),
      waitForState: (id: string, states: S[], options?: WaitForStateOptions) =>
        waitForState((call) => getState(id, call), `${process.what} ${id}`, states, process.finalStates, options),
    };
  }

  const client: ConnectorClient = {
    addresses: Object.freeze({ ...config.addresses }),
    protocol,
    managementApiVersion: config.managementApiVersion,
    managementApi: async () => ({ ...(await resolver.resolve()) }),

    assets: {
      ...records('/assets', readAsset, (codec, asset: AssetInput) => codec.asset(asset)),
      query: (options) => query('/assets/request', readAsset, options),
    },

    catalog: {
      request: async (input) =>
        readCatalog(await post('/catalog/request', input, (codec) => codec.catalogRequest(input, protocol))),
      requestDataset: async (input) =>
        readDataset(await post('/catalog/dataset/request', input, (codec) => codec.datasetRequest(input, protocol))),
    },

    contractAgreements: {
      query: (options) => query('/contractagreements/request', readContractAgreement, options),
      get: getOne('/contractagreements', readContractAgreement),
      getNegotiation: async (id, options) =>
        readContractNegotiation(
          await send('GET', (base) => `${base}/contractagreements/${segment(id)}/negotiation`, options),
        ),
    },

    contractDefinitions: {
      ...records('/contractdefinitions', readContractDefinition, (codec, definition: ContractDefinitionInput) =>
        codec.contractDefinition(definition),
      ),
      query: (options) => query('/contractdefinitions/request', readContractDefinition, options),
    },

    contractNegotiations: {
      initiate: async (input) =>
        readIdResponse(await post('/contractnegotiations', input, (codec) => codec.contractRequest(input, protocol))),
      query: (options) => query('/contractnegotiations/request', readContractNegotiation, options),
      get: getOne('/contractnegotiations', readContractNegotiation),
      ...processStates({
        path: '/contractnegotiations',
        what: 'negotiation',
        initial: 'INITIAL',
        isState: isNegotiationStateName,
        finalStates: NEGOTIATION_FINAL_STATES,
        terminateType: 'TerminateNegotiation',
      }),
      getAgreement: async (id, options) =>
        readContractAgreement(
          await send('GET', (base) => `${base}/contractnegotiations/${segment(id)}/agreement`, options),
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
          await post('/policydefinitions', options, (codec) =>
            codec.policyDefinition(definition.id, definition.policy),
          ),
        ),
      update: async (id, definition, options) =>
        sendVoid(
          'PUT',
          (base) => `${base}/policydefinitions/${segment(id)}`,
          options,
          (codec) => codec.policyDefinition(id, definition.policy),
        ),
      delete: deleteOne('/policydefinitions'),
      get: getOne('/policydefinitions', readPolicyDefinition),
      query: (options) => query('/policydefinitions/request', readPolicyDefinition, options),
    },

    secrets: {
      ...records('/secrets', readSecret, (codec, secret: Secret) => codec.secret(secret)),
    },

    transferProcesses: {
      initiate: async (input) =>
        readIdResponse(await post('/transferprocesses', input, (codec) => codec.transferRequest(input, protocol))),
      get: getOne('/transferprocesses', readTransferProcess),
      query: (options) => query('/transferprocesses/request', readTransferProcess, options),
      ...processStates({
        path: '/transferprocesses',
        what: 'transfer process',
        initial: 'INITIAL',
        isState: isTransferProcessStateName,
        finalStates: TRANSFER_FINAL_STATES,
        terminateType: 'TerminateTransfer',
      }),
      deprovision: async (id, options) =>
        sendVoid('POST', () => `${V3_ONLY_PATH}/transferprocesses/${segment(id)}/deprovision`, options),
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
