import type { ConnectorClient } from '../connector-client';
import {
  isNegotiationStateName,
  isTransferProcessStateName,
  type NegotiationStateName,
  type TransferProcessStateName,
  type UnknownStateName,
} from '../constants';
import { InvalidInputError, UnknownError } from '../errors';
import type { CallOptions, QueryOptions, WaitForStateOptions } from '../types';
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
import { isWellFormed } from './well-formed';
import {
  jsonLd,
  querySpecFields,
  writeAsset,
  writeCallbackAddresses,
  writeContractDefinition,
  writeDataAddress,
  writePolicy,
  writeQuerySpec,
} from './write';

export interface ClientConfig extends TransportConfig {
  protocol: string;
}

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

export function buildClient(config: ClientConfig): ConnectorClient {
  const transport = new Transport(config);
  const { protocol } = config;

  const management = (
    method: RequestSpec['method'],
    path: string,
    call: CallOptions | undefined,
    body?: unknown,
  ): RequestSpec => ({ address: 'management', method, path, body, credentials: 'management', call: callOptions(call) });

  const query = async <T extends { id: string }>(
    path: string,
    reader: (raw: unknown) => T,
    options: QueryOptions | undefined,
  ): Promise<T[]> => readList(await transport.json(management('POST', path, options, writeQuerySpec(options))), reader);

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

    assets: {
      create: async (asset, options) =>
        readIdResponse(await transport.json(management('POST', '/v3/assets', options, writeAsset(asset)))),
      update: async (asset, options) => transport.void(management('PUT', '/v3/assets', options, writeAsset(asset))),
      get: async (id, options) =>
        readAsset(await transport.json(management('GET', `/v3/assets/${segment(id)}`, options))),
      delete: async (id, options) => transport.void(management('DELETE', `/v3/assets/${segment(id)}`, options)),
      query: (options) => query('/v3/assets/request', readAsset, options),
    },

    catalog: {
      request: async (input) => {
        const narrowed = (input.filter?.length ?? 0) > 0 || input.offset !== undefined || input.limit !== undefined;
        const body = jsonLd('CatalogRequest', {
          counterPartyAddress: input.counterPartyAddress,
          counterPartyId: input.counterPartyId,
          protocol,
          additionalScopes: input.additionalScopes,
          querySpec: narrowed ? { '@type': 'QuerySpec', ...querySpecFields(input) } : undefined,
        });
        return readCatalog(await transport.json(management('POST', '/v3/catalog/request', input, body)));
      },
      requestDataset: async (input) => {
        const body = jsonLd('DatasetRequest', {
          '@id': input.id,
          counterPartyAddress: input.counterPartyAddress,
          counterPartyId: input.counterPartyId,
          protocol,
        });
        return readDataset(await transport.json(management('POST', '/v3/catalog/dataset/request', input, body)));
      },
    },

    contractAgreements: {
      query: (options) => query('/v3/contractagreements/request', readContractAgreement, options),
      get: async (id, options) =>
        readContractAgreement(
          await transport.json(management('GET', `/v3/contractagreements/${segment(id)}`, options)),
        ),
      getNegotiation: async (id, options) =>
        readContractNegotiation(
          await transport.json(management('GET', `/v3/contractagreements/${segment(id)}/negotiation`, options)),
        ),
    },

    contractDefinitions: {
      create: async (definition, options) =>
        readIdResponse(
          await transport.json(
            management('POST', '/v3/contractdefinitions', options, writeContractDefinition(definition)),
          ),
        ),
      update: async (definition, options) =>
        transport.void(management('PUT', '/v3/contractdefinitions', options, writeContractDefinition(definition))),
      get: async (id, options) =>
        readContractDefinition(
          await transport.json(management('GET', `/v3/contractdefinitions/${segment(id)}`, options)),
        ),
      delete: async (id, options) =>
        transport.void(management('DELETE', `/v3/contractdefinitions/${segment(id)}`, options)),
      query: (options) => query('/v3/contractdefinitions/request', readContractDefinition, options),
    },

    contractNegotiations: {
      initiate: async (input) => {
        const { offer } = input;
        const body = jsonLd('ContractRequest', {
          counterPartyAddress: input.counterPartyAddress,
          counterPartyId: input.counterPartyId,
          protocol,
          policy: writePolicy({ ...offer, assigner: offer.assigner ?? input.counterPartyId }, 'Offer'),
          callbackAddresses: writeCallbackAddresses(input.callbackAddresses),
        });
        return readIdResponse(await transport.json(management('POST', '/v3/contractnegotiations', input, body)));
      },
      query: (options) => query('/v3/contractnegotiations/request', readContractNegotiation, options),
      get: async (id, options) =>
        readContractNegotiation(
          await transport.json(management('GET', `/v3/contractnegotiations/${segment(id)}`, options)),
        ),
      getState: async (id, options) =>
        readState<NegotiationStateName>(
          await transport.json(management('GET', `/v3/contractnegotiations/${segment(id)}/state`, options)),
          'INITIAL',
          isNegotiationStateName,
        ),
      terminate: async (id, reason, options) =>
        transport.void(
          management(
            'POST',
            `/v3/contractnegotiations/${segment(id)}/terminate`,
            options,
            jsonLd('TerminateNegotiation', { '@id': id, reason }),
          ),
        ),
      getAgreement: async (id, options) =>
        readContractAgreement(
          await transport.json(management('GET', `/v3/contractnegotiations/${segment(id)}/agreement`, options)),
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
      list: async (options) =>
        readList(await transport.json(management('GET', '/v3/dataplanes', options)), readDataPlane),
    },

    edrs: {
      query: (options) => query('/v3/edrs/request', readEndpointDataReference, options),
      delete: async (transferProcessId, options) =>
        transport.void(management('DELETE', `/v3/edrs/${segment(transferProcessId)}`, options)),
      getDataAddress: async (transferProcessId, options) =>
        readDataAddress(
          await transport.json(management('GET', `/v3/edrs/${segment(transferProcessId)}/dataaddress`, options)),
        ),
    },

    policyDefinitions: {
      create: async (definition, options) =>
        readIdResponse(
          await transport.json(
            management(
              'POST',
              '/v3/policydefinitions',
              options,
              jsonLd('PolicyDefinition', { '@id': definition.id, policy: writePolicy(definition.policy, 'Set') }),
            ),
          ),
        ),
      update: async (id, definition, options) =>
        transport.void(
          management(
            'PUT',
            `/v3/policydefinitions/${segment(id)}`,
            options,
            jsonLd('PolicyDefinition', { '@id': id, policy: writePolicy(definition.policy, 'Set') }),
          ),
        ),
      delete: async (id, options) =>
        transport.void(management('DELETE', `/v3/policydefinitions/${segment(id)}`, options)),
      get: async (id, options) =>
        readPolicyDefinition(await transport.json(management('GET', `/v3/policydefinitions/${segment(id)}`, options))),
      query: (options) => query('/v3/policydefinitions/request', readPolicyDefinition, options),
    },

    secrets: {
      create: async (secret, options) =>
        readIdResponse(
          await transport.json(
            management('POST', '/v3/secrets', options, jsonLd('Secret', { '@id': secret.id, value: secret.value })),
          ),
        ),
      get: async (id, options) =>
        readSecret(await transport.json(management('GET', `/v3/secrets/${segment(id)}`, options))),
      update: async (secret, options) =>
        transport.void(
          management('PUT', '/v3/secrets', options, jsonLd('Secret', { '@id': secret.id, value: secret.value })),
        ),
      delete: async (id, options) => transport.void(management('DELETE', `/v3/secrets/${segment(id)}`, options)),
    },

    transferProcesses: {
      initiate: async (input) => {
        const body = jsonLd('TransferRequest', {
          counterPartyAddress: input.counterPartyAddress,
          counterPartyId: input.counterPartyId,
          contractId: input.contractId,
          assetId: input.assetId,
          protocol,
          transferType: input.transferType,
          dataDestination: input.dataDestination === undefined ? undefined : writeDataAddress(input.dataDestination),
          privateProperties: input.privateProperties,
          callbackAddresses: writeCallbackAddresses(input.callbackAddresses),
        });
        return readIdResponse(await transport.json(management('POST', '/v3/transferprocesses', input, body)));
      },
      get: async (id, options) =>
        readTransferProcess(await transport.json(management('GET', `/v3/transferprocesses/${segment(id)}`, options))),
      query: (options) => query('/v3/transferprocesses/request', readTransferProcess, options),
      getState: async (id, options) =>
        readState<TransferProcessStateName>(
          await transport.json(management('GET', `/v3/transferprocesses/${segment(id)}/state`, options)),
          'INITIAL',
          isTransferProcessStateName,
        ),
      terminate: async (id, reason, options) =>
        transport.void(
          management(
            'POST',
            `/v3/transferprocesses/${segment(id)}/terminate`,
            options,
            jsonLd('TerminateTransfer', { '@id': id, reason }),
          ),
        ),
      deprovision: async (id, options) =>
        transport.void(management('POST', `/v3/transferprocesses/${segment(id)}/deprovision`, options)),
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
            body: writeQuerySpec(options),
            credentials: 'apiKey',
            call: callOptions(options),
          }),
          readCatalog,
        ),
    },

    withBearerToken: (token) => buildClient({ ...config, bearerToken: token }),
  };
  return client;
}
