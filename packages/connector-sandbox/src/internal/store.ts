import type { NegotiationState, TransferState } from '../states';
import type { PolicyModel } from './policy';
import type { CriterionModel } from './query';

export type DataAddressModel = Record<string, unknown> & { type: string };

export interface AssetRecord {
  id: string;
  properties: Record<string, unknown>;
  privateProperties: Record<string, unknown>;
  dataAddress: DataAddressModel;
  createdAt: number;
}

export interface PolicyDefinitionRecord {
  id: string;
  policy: PolicyModel;
  createdAt: number;
}

export interface ContractDefinitionRecord {
  id: string;
  accessPolicyId: string;
  contractPolicyId: string;
  assetsSelector: CriterionModel[];
  createdAt: number;
}

export interface CallbackAddressModel {
  uri: string;
  events: string[];
  transactional: boolean;
  authKey?: string;
  authCodeId?: string;
}

export interface AgreementRecord {
  id: string;
  assetId: string;
  providerId: string;
  consumerId: string;
  contractSigningDate: number;
  policy: PolicyModel;
}

export interface NegotiationRecord {
  id: string;
  type: 'CONSUMER' | 'PROVIDER';
  state: NegotiationState;
  stateTimestamp: number;
  protocol: string;
  /** Where DSP messages for the counter-party go: its protocol address exactly as it was given. */
  counterPartyAddress: string;
  counterPartyId: string;
  /** The counter-party's id of this negotiation (providerPid on the consumer, consumerPid on the provider). */
  correlationId?: string;
  offer: PolicyModel;
  assetId: string;
  contractDefinitionId?: string;
  contractAgreementId?: string;
  errorDetail?: string;
  createdAt: number;
  callbackAddresses: CallbackAddressModel[];
}

export interface TransferRecord {
  id: string;
  type: 'CONSUMER' | 'PROVIDER';
  state: TransferState;
  stateTimestamp: number;
  protocol: string;
  counterPartyAddress: string;
  counterPartyId: string;
  correlationId?: string;
  contractId: string;
  assetId: string;
  transferType: string;
  dataDestination?: DataAddressModel;
  privateProperties: Record<string, unknown>;
  callbackAddresses: CallbackAddressModel[];
  errorDetail?: string;
  createdAt: number;
  /** Provider side: the token the public data plane accepts for this transfer. */
  token?: string;
}

export interface EdrRecord {
  transferProcessId: string;
  agreementId: string;
  contractNegotiationId?: string;
  assetId: string;
  providerId: string;
  createdAt: number;
  dataAddress: DataAddressModel;
}

/** The sandbox's whole state, in memory. */
export class Store {
  readonly assets = new Map<string, AssetRecord>();
  readonly policyDefinitions = new Map<string, PolicyDefinitionRecord>();
  readonly contractDefinitions = new Map<string, ContractDefinitionRecord>();
  readonly negotiations = new Map<string, NegotiationRecord>();
  readonly agreements = new Map<string, AgreementRecord>();
  readonly transfers = new Map<string, TransferRecord>();
  readonly edrs = new Map<string, EdrRecord>();
  readonly secrets = new Map<string, { id: string; value: string }>();
  /** Provider side: EDR token → transfer process id. */
  readonly tokens = new Map<string, string>();
}
