import { presentPolicy } from './policy';
import type {
  AgreementRecord,
  AssetRecord,
  CallbackAddressModel,
  ContractDefinitionRecord,
  DataAddressModel,
  EdrRecord,
  NegotiationRecord,
  PolicyDefinitionRecord,
  TransferRecord,
} from './store';
import { MANAGEMENT_CONTEXT } from './vocabulary';

/**
 * Presenters write management answers the way EDC does: compacted JSON-LD with the EDC vocabulary, `odrl:` prefixed
 * policies, and the context on every top-level object. Each lists the fields that leave the sandbox.
 */

type Answer = Record<string, unknown>;

const withContext = (answer: Answer): Answer => ({ '@context': MANAGEMENT_CONTEXT, ...answer });

function optional(fields: Record<string, unknown>): Answer {
  const out: Answer = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) out[key] = value;
  return out;
}

export function presentIdResponse(id: string, createdAt: number): Answer {
  return withContext({ '@type': 'IdResponse', '@id': id, createdAt });
}

export function presentDataAddress(address: DataAddressModel): Answer {
  return { '@type': 'DataAddress', ...address };
}

export function presentAsset(asset: AssetRecord): Answer {
  return withContext({
    '@id': asset.id,
    '@type': 'Asset',
    properties: { ...asset.properties, id: asset.id },
    privateProperties: asset.privateProperties,
    dataAddress: presentDataAddress(asset.dataAddress),
    createdAt: asset.createdAt,
  });
}

export function presentPolicyDefinition(definition: PolicyDefinitionRecord): Answer {
  return withContext({
    '@id': definition.id,
    '@type': 'PolicyDefinition',
    createdAt: definition.createdAt,
    policy: presentPolicy(definition.policy),
  });
}

export function presentContractDefinition(definition: ContractDefinitionRecord): Answer {
  return withContext({
    '@id': definition.id,
    '@type': 'ContractDefinition',
    accessPolicyId: definition.accessPolicyId,
    contractPolicyId: definition.contractPolicyId,
    assetsSelector: definition.assetsSelector.map((criterion) => ({ '@type': 'Criterion', ...criterion })),
    createdAt: definition.createdAt,
  });
}

export function presentAgreement(agreement: AgreementRecord): Answer {
  return withContext({
    '@id': agreement.id,
    '@type': 'ContractAgreement',
    assetId: agreement.assetId,
    providerId: agreement.providerId,
    consumerId: agreement.consumerId,
    contractSigningDate: agreement.contractSigningDate,
    policy: presentPolicy(agreement.policy),
  });
}

function presentCallbacks(addresses: CallbackAddressModel[]): Answer[] {
  return addresses.map((address) => ({ '@type': 'CallbackAddress', ...address }));
}

export function presentNegotiation(negotiation: NegotiationRecord): Answer {
  return withContext({
    '@id': negotiation.id,
    '@type': 'ContractNegotiation',
    type: negotiation.type,
    protocol: negotiation.protocol,
    state: negotiation.state,
    stateTimestamp: negotiation.stateTimestamp,
    counterPartyId: negotiation.counterPartyId,
    counterPartyAddress: negotiation.counterPartyAddress,
    ...optional({ contractAgreementId: negotiation.contractAgreementId, errorDetail: negotiation.errorDetail }),
    createdAt: negotiation.createdAt,
    callbackAddresses: presentCallbacks(negotiation.callbackAddresses),
  });
}

export function presentState(type: 'NegotiationState' | 'TransferState', state: string): Answer {
  return withContext({ '@type': type, state });
}

export function presentTransfer(transfer: TransferRecord): Answer {
  return withContext({
    '@id': transfer.id,
    '@type': 'TransferProcess',
    type: transfer.type,
    protocol: transfer.protocol,
    state: transfer.state,
    stateTimestamp: transfer.stateTimestamp,
    assetId: transfer.assetId,
    contractId: transfer.contractId,
    transferType: transfer.transferType,
    counterPartyId: transfer.counterPartyId,
    counterPartyAddress: transfer.counterPartyAddress,
    ...optional({
      correlationId: transfer.correlationId,
      errorDetail: transfer.errorDetail,
      dataDestination: transfer.dataDestination && presentDataAddress(transfer.dataDestination),
    }),
    privateProperties: transfer.privateProperties,
    createdAt: transfer.createdAt,
    callbackAddresses: presentCallbacks(transfer.callbackAddresses),
  });
}

export function presentEdr(edr: EdrRecord): Answer {
  return withContext({
    '@id': edr.transferProcessId,
    '@type': 'EndpointDataReferenceEntry',
    transferProcessId: edr.transferProcessId,
    agreementId: edr.agreementId,
    ...optional({ contractNegotiationId: edr.contractNegotiationId }),
    assetId: edr.assetId,
    providerId: edr.providerId,
    createdAt: edr.createdAt,
  });
}

export function presentSecret(secret: { id: string; value: string }): Answer {
  return withContext({ '@id': secret.id, '@type': 'Secret', value: secret.value });
}
