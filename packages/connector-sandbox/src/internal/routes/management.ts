import { randomUUID } from 'node:crypto';
import { bag, isNode, type JsonNode, list, node, normalize, text } from '@dsm/connector-client/json-ld';
import type { FastifyInstance } from 'fastify';
import { TRANSFER_TYPES } from '../catalog';
import type { SandboxContext } from '../context';
import { SOURCE_TYPES } from '../data';
import { checkProtocol, DSP_CONTEXT, dspUrl, sendDsp } from '../dsp-client';
import { badRequest, Checks, conflict, notFound, unauthorized } from '../http-errors';
import type { Negotiations } from '../negotiations';
import { readPolicy } from '../policy';
import {
  presentAgreement,
  presentAsset,
  presentContractDefinition,
  presentDataAddress,
  presentEdr,
  presentIdResponse,
  presentNegotiation,
  presentPolicyDefinition,
  presentSecret,
  presentState,
  presentTransfer,
} from '../present';
import { applyQuery, type CriterionModel, readCriterion, readQuerySpec } from '../query';
import type { AssetRecord, CallbackAddressModel, DataAddressModel } from '../store';
import { readDataAddress, type Transfers } from '../transfers';
import { checkV4Body, type V4RequestType } from '../v4-schema';
import { MANAGEMENT_CONTEXT, presentForV4 } from '../vocabulary';

type Id = { Params: { id: string } };

function read(body: unknown): JsonNode {
  const normalized = normalize(body);
  if (body !== undefined && body !== null && !isNode(normalized)) throw badRequest('the body must be a JSON object');
  return node(normalized);
}

function required(n: JsonNode, field: string): string {
  const value = text(n[field]);
  if (value === undefined || value === '') throw badRequest(`${field} is required`, field, n[field]);
  return value;
}

function dataAddress(value: unknown, field: string): DataAddressModel {
  if (!isNode(value)) throw badRequest(`${field} is required`, field, value);
  const address = readDataAddress(value);
  if (address.type === '') throw badRequest(`${field}.type is required`, `${field}.type`);
  return address;
}

function callbackAddresses(value: unknown): CallbackAddressModel[] {
  return list(value).map((item) => {
    const n = node(item);
    return {
      uri: text(n.uri) ?? '',
      events: list(n.events).map((event) => text(event) ?? ''),
      transactional: n.transactional === true,
      ...(text(n.authKey) === undefined ? {} : { authKey: text(n.authKey) }),
      ...(text(n.authCodeId) === undefined ? {} : { authCodeId: text(n.authCodeId) }),
    };
  });
}

function readAsset(n: JsonNode, id: string, createdAt: number): AssetRecord {
  const checks = new Checks();
  if (!isNode(n.properties)) checks.add('properties is required', 'properties', n.properties);
  const address = checks.run(() => dataAddress(n.dataAddress, 'dataAddress'));
  checks.done();
  return {
    id,
    properties: bag(n.properties),
    privateProperties: bag(n.privateProperties),
    dataAddress: address!,
    createdAt,
  };
}

function readContractDefinition(n: JsonNode, id: string, createdAt: number) {
  const checks = new Checks();
  const accessPolicyId = checks.run(() => required(n, 'accessPolicyId'));
  const contractPolicyId = checks.run(() => required(n, 'contractPolicyId'));
  const assetsSelector = list(n.assetsSelector).map((item, index) =>
    checks.run(() => readCriterion(item, `assetsSelector[${index}]`)),
  );
  checks.done();
  return {
    id,
    accessPolicyId: accessPolicyId!,
    contractPolicyId: contractPolicyId!,
    assetsSelector: assetsSelector as CriterionModel[],
    createdAt,
  };
}

/** The counter-party's DSP address and the protocol of a request to it, checked together, and its id when given. */
function readCounterParty(
  n: JsonNode,
  checks: Checks,
): { counterPartyAddress: string; protocol: string; counterPartyId?: string } {
  const counterPartyAddress = checks.run(() => required(n, 'counterPartyAddress'));
  const protocol = checks.run(() => required(n, 'protocol'));
  if (protocol !== undefined) checks.run(() => checkProtocol(protocol));
  const counterPartyId = text(n.counterPartyId);
  return {
    counterPartyAddress: counterPartyAddress!,
    protocol: protocol!,
    ...(counterPartyId === undefined ? {} : { counterPartyId }),
  };
}

/**
 * Lets a request through when it carries the configured API key, or a bearer token the configured verifier accepts.
 * A sandbox configured with neither lets everything through.
 */
export async function authenticate(
  context: SandboxContext,
  apiKey: string | string[] | undefined,
  authorization: string | undefined,
): Promise<void> {
  if (context.apiKey === undefined && context.verifyBearerToken === undefined) return;
  if (context.apiKey !== undefined && apiKey === context.apiKey) return;
  const token = authorization?.match(/^Bearer (.+)$/i)?.[1];
  if (token !== undefined && context.verifyBearerToken !== undefined && (await context.verifyBearerToken(token)))
    return;
  throw unauthorized();
}

function must<T>(value: T | undefined, kind: string, id: string): T {
  if (value === undefined) throw notFound(kind, id);
  return value;
}

/** The Management API versions the sandbox serves. */
export type ManagementApiVersion = 'v3' | 'v4';

/** The v4 request type each v4 route with a body reads, keyed by method and route below `/v4`. */
const V4_BODIES: Record<string, V4RequestType> = {
  'POST /assets': 'Asset',
  'PUT /assets': 'Asset',
  'POST /assets/request': 'QuerySpec',
  'POST /catalog/request': 'CatalogRequest',
  'POST /catalog/dataset/request': 'DatasetRequest',
  'POST /contractagreements/request': 'QuerySpec',
  'POST /contractdefinitions': 'ContractDefinition',
  'PUT /contractdefinitions': 'ContractDefinition',
  'POST /contractdefinitions/request': 'QuerySpec',
  'POST /contractnegotiations': 'ContractRequest',
  'POST /contractnegotiations/request': 'QuerySpec',
  'POST /contractnegotiations/:id/terminate': 'TerminateNegotiation',
  'POST /policydefinitions': 'PolicyDefinition',
  'PUT /policydefinitions/:id': 'PolicyDefinition',
  'POST /policydefinitions/request': 'QuerySpec',
  'POST /secrets': 'Secret',
  'PUT /secrets': 'Secret',
  'POST /transferprocesses': 'TransferRequest',
  'POST /transferprocesses/request': 'QuerySpec',
  'POST /transferprocesses/:id/terminate': 'TerminateTransfer',
};

/**
 * The management API of one version, below `/v3` or `/v4`: CRUD, catalog requests, negotiations, transfers, secrets,
 * and in v3 the EDRs and deprovisioning (EDC's v4 has neither). Both versions share the connector's state. v4 bodies
 * are checked as EDC's v4 schemas require before they are read, and v4 answers are written as EDC's v4 writes them
 * (the management context `https://w3id.org/edc/connector/management/v2`, plain terms).
 */
export function managementRoutes(
  context: SandboxContext,
  negotiations: Negotiations,
  transfers: Transfers,
  version: ManagementApiVersion,
) {
  const { store } = context;
  const v = `/${version}`;

  return async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      await authenticate(context, request.headers['x-api-key'], request.headers.authorization);
    });
    if (version === 'v4') {
      app.addHook('preHandler', async (request) => {
        const url = request.routeOptions.url ?? '';
        const route = url.slice(url.lastIndexOf('/v4/') + '/v4'.length);
        const type = V4_BODIES[`${request.method} ${route}`];
        if (type !== undefined) checkV4Body(type, request.body);
      });
      app.addHook('preSerialization', async (_request, _reply, payload) => presentForV4(payload));
    }

    /** `POST path/request`: the records a query spec matches, each seen by its filter as `view` shows it. */
    const queryRoute = <T extends object>(
      path: string,
      records: Map<string, T>,
      present: (record: T) => unknown,
      view: (record: T) => Record<string, unknown> = (record: object) => ({ ...record }),
    ) =>
      app.post(`${v}${path}/request`, async (request) =>
        applyQuery([...records.values()], readQuerySpec(read(request.body)), view).map(present),
      );

    /** `GET path/:id`: one record, 404 naming its kind when there is none. */
    const getRoute = <T>(path: string, records: Map<string, T>, kind: string, present: (record: T) => unknown) =>
      app.get<Id>(`${v}${path}/:id`, async (request) =>
        present(must(records.get(request.params.id), kind, request.params.id)),
      );

    /** `DELETE path/:id`: removes one record, 404 naming its kind when there is none. */
    const deleteRoute = <T>(path: string, records: Map<string, T>, kind: string) =>
      app.delete<Id>(`${v}${path}/:id`, async (request, reply) => {
        must(records.get(request.params.id), kind, request.params.id);
        records.delete(request.params.id);
        return reply.status(204).send();
      });

    /**
     * `POST path`, which creates a record under the body's `@id` (a new UUID without one; 409 when taken), and
     * `PUT path`, which replaces the record of the body's `@id` keeping its creation time (404 when there is none).
     */
    const createAndReplaceRoutes = <T extends { createdAt: number }>(
      path: string,
      records: Map<string, T>,
      kind: string,
      readRecord: (n: JsonNode, id: string, createdAt: number) => T,
    ) => {
      app.post(`${v}${path}`, async (request) => {
        const n = read(request.body);
        const id = text(n['@id']) ?? randomUUID();
        if (records.has(id)) throw conflict(`${kind} with ID ${id} already exists`);
        const record = readRecord(n, id, Date.now());
        records.set(id, record);
        return presentIdResponse(id, record.createdAt);
      });
      app.put(`${v}${path}`, async (request, reply) => {
        const n = read(request.body);
        const id = required(n, '@id');
        const existing = must(records.get(id), kind, id);
        records.set(id, readRecord(n, id, existing.createdAt));
        return reply.status(204).send();
      });
    };

    /** `GET path/:id/state` and `POST path/:id/terminate` of a negotiation or a transfer process. */
    const processRoutes = <T extends { state: string }>(
      path: string,
      records: Map<string, T>,
      kind: 'ContractNegotiation' | 'TransferProcess',
      processes: { terminate(id: string, reason: string): void },
    ) => {
      app.get<Id>(`${v}${path}/:id/state`, async (request) => {
        const process = must(records.get(request.params.id), kind, request.params.id);
        return presentState(kind === 'ContractNegotiation' ? 'NegotiationState' : 'TransferState', process.state);
      });
      app.post<Id>(`${v}${path}/:id/terminate`, async (request, reply) => {
        const n = read(request.body);
        processes.terminate(request.params.id, text(n.reason) ?? 'terminated by the management API');
        return reply.status(204).send();
      });
    };

    // Assets
    createAndReplaceRoutes('/assets', store.assets, 'Asset', readAsset);
    getRoute('/assets', store.assets, 'Asset', presentAsset);
    app.delete<Id>(`${v}/assets/:id`, async (request, reply) => {
      const { id } = request.params;
      must(store.assets.get(id), 'Asset', id);
      if ([...store.agreements.values()].some((agreement) => agreement.assetId === id)) {
        throw conflict(`Asset ${id} is part of a contract agreement and cannot be deleted`);
      }
      store.assets.delete(id);
      return reply.status(204).send();
    });
    queryRoute('/assets', store.assets, presentAsset, (asset) => ({
      ...asset.properties,
      id: asset.id,
      properties: asset.properties,
      privateProperties: asset.privateProperties,
      dataAddress: asset.dataAddress,
      createdAt: asset.createdAt,
    }));

    // Catalog requests to a provider, over DSP
    app.post(`${v}/catalog/request`, async (request) => {
      const n = read(request.body);
      const checks = new Checks();
      const { counterPartyAddress: address } = readCounterParty(n, checks);
      // Checked here so a malformed query is this connector's 400, not the provider's.
      if (n.querySpec !== undefined) checks.run(() => readQuerySpec(n.querySpec));
      checks.done();
      const body = {
        '@context': DSP_CONTEXT,
        '@type': 'CatalogRequestMessage',
        ...(n.querySpec === undefined ? {} : { filter: n.querySpec }),
      };
      return sendDsp(context, dspUrl(address, '/catalog/request'), { body });
    });
    app.post(`${v}/catalog/dataset/request`, async (request) => {
      const n = read(request.body);
      const checks = new Checks();
      const id = checks.run(() => required(n, '@id'));
      // A lone surrogate cannot be put into the provider's URL (encodeURIComponent would throw).
      if (id !== undefined && /[\uD800-\uDFFF]/u.test(id)) checks.add('@id must be well-formed text', '@id', id);
      const { counterPartyAddress: address } = readCounterParty(n, checks);
      checks.done();
      return sendDsp(context, dspUrl(address, `/catalog/datasets/${encodeURIComponent(id!)}`), { method: 'GET' });
    });

    // Contract agreements
    queryRoute('/contractagreements', store.agreements, presentAgreement);
    getRoute('/contractagreements', store.agreements, 'ContractAgreement', presentAgreement);
    app.get<Id>(`${v}/contractagreements/:id/negotiation`, async (request) => {
      const { id } = request.params;
      must(store.agreements.get(id), 'ContractAgreement', id);
      const negotiation = [...store.negotiations.values()].find((candidate) => candidate.contractAgreementId === id);
      return presentNegotiation(must(negotiation, 'ContractNegotiation', id));
    });

    // Contract definitions
    createAndReplaceRoutes(
      '/contractdefinitions',
      store.contractDefinitions,
      'ContractDefinition',
      readContractDefinition,
    );
    getRoute('/contractdefinitions', store.contractDefinitions, 'ContractDefinition', presentContractDefinition);
    deleteRoute('/contractdefinitions', store.contractDefinitions, 'ContractDefinition');
    queryRoute('/contractdefinitions', store.contractDefinitions, presentContractDefinition);

    // Contract negotiations
    app.post(`${v}/contractnegotiations`, async (request) => {
      const n = read(request.body);
      const checks = new Checks();
      const counterParty = readCounterParty(n, checks);
      const offer = isNode(n.policy) ? readPolicy(n.policy) : undefined;
      if (offer === undefined) checks.add('policy is required', 'policy', n.policy);
      if (offer !== undefined && offer.id === undefined) checks.add('policy.@id is required', 'policy.@id');
      if (offer !== undefined && offer.target === undefined) checks.add('policy.target is required', 'policy.target');
      checks.done();
      const record = negotiations.initiate({
        ...counterParty,
        offer: offer!,
        callbackAddresses: callbackAddresses(n.callbackAddresses),
      });
      return presentIdResponse(record.id, record.createdAt);
    });
    queryRoute('/contractnegotiations', store.negotiations, presentNegotiation);
    getRoute('/contractnegotiations', store.negotiations, 'ContractNegotiation', presentNegotiation);
    processRoutes('/contractnegotiations', store.negotiations, 'ContractNegotiation', negotiations);
    app.get<Id>(`${v}/contractnegotiations/:id/agreement`, async (request) => {
      const { id } = request.params;
      const negotiation = must(store.negotiations.get(id), 'ContractNegotiation', id);
      const agreementId = negotiation.contractAgreementId;
      const agreement = agreementId === undefined ? undefined : store.agreements.get(agreementId);
      return presentAgreement(must(agreement, 'ContractAgreement', `of negotiation ${id}`));
    });

    // Data planes: the sandbox's own
    app.get(`${v}/dataplanes`, async () => [
      {
        '@context': MANAGEMENT_CONTEXT,
        '@id': `${context.participantId}-dataplane`,
        '@type': 'DataPlaneInstance',
        url: `${context.addresses.control}/v1/dataflows`,
        allowedSourceTypes: SOURCE_TYPES,
        allowedDestTypes: ['HttpProxy', 'HttpData'],
        allowedTransferTypes: TRANSFER_TYPES,
        state: 'AVAILABLE',
        stateTimestamp: Date.now(),
        properties: { publicApiUrl: context.addresses.public },
      },
    ]);

    // Endpoint data references: v3 only, as in EDC
    if (version === 'v3') {
      queryRoute('/edrs', store.edrs, presentEdr, (edr) => ({ ...edr, id: edr.transferProcessId }));
      deleteRoute('/edrs', store.edrs, 'EndpointDataReferenceEntry');
      app.get<Id>(`${v}/edrs/:id/dataaddress`, async (request) => {
        const edr = must(store.edrs.get(request.params.id), 'EndpointDataReferenceEntry', request.params.id);
        return { '@context': MANAGEMENT_CONTEXT, ...presentDataAddress(edr.dataAddress) };
      });
    }

    // Policy definitions
    app.post(`${v}/policydefinitions`, async (request) => {
      const n = read(request.body);
      const id = text(n['@id']) ?? randomUUID();
      if (store.policyDefinitions.has(id)) throw conflict(`PolicyDefinition with ID ${id} already exists`);
      if (!isNode(n.policy)) throw badRequest('policy is required', 'policy');
      const createdAt = Date.now();
      store.policyDefinitions.set(id, { id, policy: { ...readPolicy(n.policy), id: undefined }, createdAt });
      return presentIdResponse(id, createdAt);
    });
    app.put<Id>(`${v}/policydefinitions/:id`, async (request, reply) => {
      const { id } = request.params;
      const n = read(request.body);
      const existing = must(store.policyDefinitions.get(id), 'PolicyDefinition', id);
      if (!isNode(n.policy)) throw badRequest('policy is required', 'policy');
      store.policyDefinitions.set(id, { ...existing, policy: { ...readPolicy(n.policy), id: undefined } });
      return reply.status(204).send();
    });
    app.delete<Id>(`${v}/policydefinitions/:id`, async (request, reply) => {
      const { id } = request.params;
      must(store.policyDefinitions.get(id), 'PolicyDefinition', id);
      const user = [...store.contractDefinitions.values()].find(
        (definition) => definition.accessPolicyId === id || definition.contractPolicyId === id,
      );
      if (user !== undefined) throw conflict(`PolicyDefinition ${id} is used by ContractDefinition ${user.id}`);
      store.policyDefinitions.delete(id);
      return reply.status(204).send();
    });
    getRoute('/policydefinitions', store.policyDefinitions, 'PolicyDefinition', presentPolicyDefinition);
    queryRoute('/policydefinitions', store.policyDefinitions, presentPolicyDefinition);

    // Secrets
    app.post(`${v}/secrets`, async (request) => {
      const n = read(request.body);
      const id = text(n['@id']) ?? randomUUID();
      if (store.secrets.has(id)) throw conflict(`Secret with ID ${id} already exists`);
      store.secrets.set(id, { id, value: required(n, 'value') });
      return presentIdResponse(id, Date.now());
    });
    app.put(`${v}/secrets`, async (request, reply) => {
      const n = read(request.body);
      const checks = new Checks();
      const id = checks.run(() => required(n, '@id'));
      const value = checks.run(() => required(n, 'value'));
      checks.done();
      must(store.secrets.get(id!), 'Secret', id!);
      store.secrets.set(id!, { id: id!, value: value! });
      return reply.status(204).send();
    });
    getRoute('/secrets', store.secrets, 'Secret', presentSecret);
    deleteRoute('/secrets', store.secrets, 'Secret');

    // Transfer processes
    app.post(`${v}/transferprocesses`, async (request) => {
      const n = read(request.body);
      const checks = new Checks();
      const counterParty = readCounterParty(n, checks);
      const contractId = checks.run(() => required(n, 'contractId'));
      const transferType = checks.run(() => required(n, 'transferType'));
      const dataDestination =
        n.dataDestination === undefined
          ? undefined
          : checks.run(() => dataAddress(n.dataDestination, 'dataDestination'));
      checks.done();
      const record = transfers.initiate({
        ...counterParty,
        contractId: contractId!,
        transferType: transferType!,
        ...(dataDestination === undefined ? {} : { dataDestination }),
        privateProperties: bag(n.privateProperties),
        callbackAddresses: callbackAddresses(n.callbackAddresses),
      });
      return presentIdResponse(record.id, record.createdAt);
    });
    queryRoute('/transferprocesses', store.transfers, presentTransfer);
    getRoute('/transferprocesses', store.transfers, 'TransferProcess', presentTransfer);
    processRoutes('/transferprocesses', store.transfers, 'TransferProcess', transfers);
    // Deprovisioning: v3 only, as in EDC
    if (version === 'v3') {
      app.post<Id>(`${v}/transferprocesses/:id/deprovision`, async (request, reply) => {
        transfers.deprovision(request.params.id);
        return reply.status(204).send();
      });
    }
  };
}
