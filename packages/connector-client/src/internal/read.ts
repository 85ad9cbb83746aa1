import {
  isNegotiationStateName,
  isTransferProcessStateName,
  type NegotiationStateName,
  type TransferProcessStateName,
  type UnknownStateName,
} from '../constants';
import { MalformedAnswerError } from '../errors';
import {
  bag,
  isNode,
  type JsonNode,
  list,
  node,
  normalize,
  num,
  readConstraint,
  strings,
  term,
  text,
} from '../json-ld';
import type {
  Asset,
  CallbackAddress,
  Catalog,
  ContractAgreement,
  ContractDefinition,
  ContractNegotiation,
  Criterion,
  DataAddress,
  DataPlane,
  DataService,
  Dataset,
  Distribution,
  EndpointDataReference,
  HealthCheckResult,
  HealthStatus,
  IdResponse,
  Offer,
  Policy,
  PolicyDefinition,
  PolicyRule,
  Secret,
  TransferProcess,
} from '../types';

/**
 * Readers turn a connector's JSON-LD answer into the client's typed objects. Each takes the raw answer, normalises
 * it (plain names, whatever prefixes the connector used) and picks the fields the type lists.
 */

function defined<T extends object>(value: T): T {
  for (const key of Object.keys(value) as (keyof T)[]) if (value[key] === undefined) delete value[key];
  return value;
}

function idOf(n: JsonNode): string {
  return text(n['@id']) ?? text(n.id) ?? '';
}

/** The normalised answer when it is an object with an id; a connector answering anything else is malformed. */
function entity(raw: unknown, what: string): JsonNode {
  const n = normalize(raw);
  if (!isNode(n) || idOf(n) === '') throw new MalformedAnswerError(`${what} without an @id`);
  return n;
}

export function readIdResponse(raw: unknown): IdResponse {
  const n = entity(raw, 'an id response');
  return { id: idOf(n), createdAt: num(n.createdAt) ?? 0 };
}

function dataAddress(n: unknown): DataAddress {
  const address = bag(n);
  return { ...address, type: text(address.type) ?? '' };
}

export function readDataAddress(raw: unknown): DataAddress {
  return dataAddress(normalize(raw));
}

export function readAsset(raw: unknown): Asset {
  const n = entity(raw, 'an asset');
  return defined({
    id: idOf(n),
    properties: bag(n.properties),
    privateProperties: bag(n.privateProperties),
    dataAddress: dataAddress(n.dataAddress),
    createdAt: num(n.createdAt),
  });
}

function rule(value: unknown): PolicyRule {
  const n = node(value);
  return defined({
    action: term(n.action) ?? '',
    target: text(n.target),
    constraints: list(n.constraint).map(readConstraint),
  });
}

function policy(value: unknown): Policy {
  const n = node(value);
  return defined({
    id: text(n['@id']),
    type: term(n['@type']) ?? 'Set',
    assigner: text(n.assigner),
    assignee: text(n.assignee),
    target: text(n.target),
    permissions: list(n.permission).map(rule),
    prohibitions: list(n.prohibition).map(rule),
    obligations: list(n.obligation).map(rule),
  });
}

export function readPolicy(raw: unknown): Policy {
  return policy(normalize(raw));
}

export function readPolicyDefinition(raw: unknown): PolicyDefinition {
  const n = entity(raw, 'a policy definition');
  return defined({ id: idOf(n), createdAt: num(n.createdAt), policy: policy(n.policy) });
}

function criterion(value: unknown): Criterion {
  const n = node(value);
  return { operandLeft: text(n.operandLeft) ?? '', operator: text(n.operator) ?? '', operandRight: n.operandRight };
}

export function readContractDefinition(raw: unknown): ContractDefinition {
  const n = entity(raw, 'a contract definition');
  return defined({
    id: idOf(n),
    accessPolicyId: text(n.accessPolicyId) ?? '',
    contractPolicyId: text(n.contractPolicyId) ?? '',
    assetsSelector: list(n.assetsSelector).map(criterion),
    createdAt: num(n.createdAt),
  });
}

export function readContractAgreement(raw: unknown): ContractAgreement {
  const n = entity(raw, 'a contract agreement');
  return {
    id: idOf(n),
    assetId: text(n.assetId) ?? '',
    providerId: text(n.providerId) ?? '',
    consumerId: text(n.consumerId) ?? '',
    contractSigningDate: num(n.contractSigningDate) ?? 0,
    policy: policy(n.policy),
  };
}

function callbackAddresses(value: unknown): CallbackAddress[] {
  return list(value).map((item) => {
    const n = node(item);
    return defined({
      uri: text(n.uri) ?? '',
      events: strings(n.events),
      transactional: typeof n.transactional === 'boolean' ? n.transactional : undefined,
      authKey: text(n.authKey),
      authCodeId: text(n.authCodeId),
    });
  });
}

function side(value: unknown): 'CONSUMER' | 'PROVIDER' {
  return text(value) === 'PROVIDER' ? 'PROVIDER' : 'CONSUMER';
}

/** A state as sent: one of EDC's names, or kept as an unknown one (never passed off as a known state). */
function stateOf<S extends string>(
  value: unknown,
  fallback: S,
  isKnown: (state: string) => state is S,
): S | UnknownStateName {
  const state = text(value) ?? fallback;
  return isKnown(state) ? state : (state as UnknownStateName);
}

export function readContractNegotiation(raw: unknown): ContractNegotiation {
  const n = entity(raw, 'a contract negotiation');
  return defined({
    id: idOf(n),
    type: side(n.type),
    state: stateOf<NegotiationStateName>(n.state, 'INITIAL', isNegotiationStateName),
    protocol: text(n.protocol),
    counterPartyId: text(n.counterPartyId),
    counterPartyAddress: text(n.counterPartyAddress),
    contractAgreementId: text(n.contractAgreementId),
    errorDetail: text(n.errorDetail),
    createdAt: num(n.createdAt),
    callbackAddresses: callbackAddresses(n.callbackAddresses),
  });
}

export function readState<S extends string>(
  raw: unknown,
  fallback: S,
  isKnown: (state: string) => state is S,
): { state: S | UnknownStateName } {
  const n = node(normalize(raw));
  return { state: stateOf(n.state, fallback, isKnown) };
}

export function readDataPlane(raw: unknown): DataPlane {
  const n = entity(raw, 'a data plane');
  return defined({
    id: idOf(n),
    url: text(n.url) ?? '',
    allowedSourceTypes: strings(n.allowedSourceTypes),
    allowedDestTypes: strings(n.allowedDestTypes),
    allowedTransferTypes: strings(n.allowedTransferTypes),
    state: text(n.state),
    stateTimestamp: num(n.stateTimestamp),
    lastActive: num(n.lastActive),
    turnCount: num(n.turnCount),
    properties: bag(n.properties),
  });
}

export function readEndpointDataReference(raw: unknown): EndpointDataReference {
  const n = entity(raw, 'an EDR entry');
  const id = idOf(n);
  return defined({
    id,
    transferProcessId: text(n.transferProcessId) ?? id,
    agreementId: text(n.agreementId) ?? '',
    contractNegotiationId: text(n.contractNegotiationId),
    assetId: text(n.assetId) ?? '',
    providerId: text(n.providerId) ?? '',
    createdAt: num(n.createdAt),
  });
}

export function readSecret(raw: unknown): Secret {
  const n = entity(raw, 'a secret');
  return { id: idOf(n), value: text(n.value) ?? '' };
}

export function readTransferProcess(raw: unknown): TransferProcess {
  const n = entity(raw, 'a transfer process');
  return defined({
    id: idOf(n),
    correlationId: text(n.correlationId),
    type: side(n.type),
    state: stateOf<TransferProcessStateName>(n.state, 'INITIAL', isTransferProcessStateName),
    stateTimestamp: num(n.stateTimestamp),
    createdAt: num(n.createdAt),
    assetId: text(n.assetId),
    connectorId: text(n.connectorId),
    counterPartyId: text(n.counterPartyId),
    counterPartyAddress: text(n.counterPartyAddress),
    contractId: text(n.contractId) ?? text(n.contractAgreementId) ?? '',
    transferType: text(n.transferType),
    protocol: text(n.protocol),
    errorDetail: text(n.errorDetail),
    dataDestination: n.dataDestination === undefined ? undefined : dataAddress(n.dataDestination),
    privateProperties: bag(n.privateProperties),
    callbackAddresses: callbackAddresses(n.callbackAddresses),
  });
}

/**
 * Refuses a node whose structural terms are in a namespace the client cannot read: the data would otherwise be
 * dropped without a word (a catalog with no datasets instead of its datasets).
 */
function refuseUnknownTerms(n: JsonNode, what: string, terms: string[]): void {
  for (const key of Object.keys(n)) {
    const local = /[#/:]([^#/:]+)$/.exec(key)?.[1];
    if (local !== undefined && terms.includes(local)) {
      throw new MalformedAnswerError(`${what} whose '${key}' is in a namespace the client does not know`);
    }
  }
}

function offer(value: unknown, datasetId: string, participantId: string | undefined): Offer {
  const read = policy(value);
  if (!isNode(value) || read.id === undefined || read.id === '') {
    throw new MalformedAnswerError(`an offer of dataset '${datasetId}' without an @id`);
  }
  return {
    ...read,
    id: read.id,
    type: read.type === 'Set' ? 'Offer' : read.type,
    // Providers often leave these implicit: the offer is for its dataset, made by the catalog's participant.
    target: read.target ?? datasetId,
    ...((read.assigner ?? participantId) ? { assigner: read.assigner ?? participantId } : {}),
  };
}

function dataset(value: unknown, participantId: string | undefined): Dataset {
  if (!isNode(value)) throw new MalformedAnswerError('a dataset that is not an object');
  const n = value;
  const id = idOf(n);
  if (id === '') throw new MalformedAnswerError('a dataset without an @id');
  refuseUnknownTerms(n, `the dataset '${id}'`, ['hasPolicy', 'distribution']);
  return {
    id,
    offers: list(n.hasPolicy).map((item) => offer(item, id, participantId)),
    distributions: list(n.distribution).map((item): Distribution => {
      const d = node(item);
      return defined({ format: text(d.format), accessService: text(d.accessService) });
    }),
    properties: bag(n, ['@id', 'hasPolicy', 'distribution']),
  };
}

function catalog(value: unknown, inheritedParticipantId?: string): Catalog {
  if (!isNode(value)) throw new MalformedAnswerError('a catalog that is not an object');
  const n = value;
  refuseUnknownTerms(n, 'a catalog', ['dataset', 'service', 'catalog', 'participantId']);
  const participantId = text(n.participantId) ?? inheritedParticipantId;
  return defined({
    id: idOf(n),
    participantId,
    originator: text(n.originator),
    datasets: list(n.dataset).map((item) => dataset(item, participantId)),
    services: list(n.service).map((item): DataService => {
      const s = node(item);
      return defined({ id: text(s['@id']), endpointUrl: text(s.endpointURL ?? s.endpointUrl) });
    }),
    catalogs: list(n.catalog).map((item) => catalog(item, participantId)),
  });
}

export function readCatalog(raw: unknown): Catalog {
  const n = normalize(raw);
  if (!isNode(n)) throw new MalformedAnswerError('a catalog was expected');
  return catalog(n);
}

export function readDataset(raw: unknown): Dataset {
  return dataset(normalize(raw), undefined);
}

export function readHealthStatus(raw: unknown): HealthStatus {
  if (!isNode(raw) || typeof raw.isSystemHealthy !== 'boolean') {
    throw new MalformedAnswerError('a health status without isSystemHealthy');
  }
  const n = raw;
  return {
    isSystemHealthy: n.isSystemHealthy === true,
    componentResults: list(n.componentResults).map((item): HealthCheckResult => {
      const r = node(item);
      const failure = isNode(r.failure)
        ? defined({ failureDetail: text(r.failure.failureDetail), messages: strings(r.failure.messages) })
        : undefined;
      return defined({ component: text(r.component), isHealthy: r.isHealthy === true, failure });
    }),
  };
}

/** Reads a list answer and sorts it by id ascending, whatever order the connector used. */
export function readList<T extends { id: string }>(raw: unknown, reader: (item: unknown) => T): T[] {
  if (!Array.isArray(raw)) throw new MalformedAnswerError('a list was expected');
  return raw.map(reader).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
