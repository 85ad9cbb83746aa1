import type {
  ManagementApiVersionName,
  NegotiationStateName,
  TransferProcessStateName,
  UnknownStateName,
} from './constants';

/** The seven addresses of one connector. Leave out those you do not call. */
export interface ConnectorAddresses {
  /** The default API (`.../api`): the health checks. */
  default?: string;
  /** The dataspace protocol (DSP) address other connectors reach this one at (`.../protocol`). */
  protocol?: string;
  /** The management API (`.../management`): assets, policies, contracts, transfers, EDRs, secrets. */
  management?: string;
  /** The control API (`.../control`), used between the control and data planes. */
  control?: string;
  /** The public data-plane API (`.../public`) that serves data through an EDR token. */
  public?: string;
  /** The federated catalog API (`.../catalog`). */
  federatedCatalog?: string;
  /**
   * The version API: EDC serves it on a context of its own (e.g. `.../.well-known/version`), answering
   * `GET /v1/version` with each API's versions. `managementApiVersion: 'auto'` asks it which Management API to speak.
   */
  version?: string;
}

/** The Management API version a client speaks to its connector, and where. */
export interface ManagementApi {
  /** The version the client reads and writes. */
  version: ManagementApiVersionName;
  /** The path below the management address its calls start with (`/v3`, `/v4`). */
  urlPath: string;
  /** Why: set in the options, named by the connector's version API, or the fallback of `auto` (v3). */
  source: 'configured' | 'version-api' | 'fallback';
  /** The release the version API named (`4.1.0`), when it named one. */
  release?: string;
}

/** The name of one of a connector's addresses. */
export type ConnectorAddressName = keyof ConnectorAddresses;

/** Options applying to one call. */
export interface CallOptions {
  /** Aborts the call; the client then throws an UnknownError whose `cause` is the abort reason. */
  signal?: AbortSignal;
  /** Overrides the client's `timeoutMs` for this call. */
  timeoutMs?: number;
}

/** A filter criterion of a query or of a contract definition's assets selector. */
export interface Criterion {
  /** The property compared, for example `https://w3id.org/edc/v0.0.1/ns/id` or `id`. */
  operandLeft: string;
  /** The comparison: `=`, `!=`, `in`, `like`, `<`, `>`, ... */
  operator: string;
  /** The value compared with. */
  operandRight: unknown;
}

/** What a query call selects. An empty query sends a null body; results are always sorted by id ascending. */
export interface QueryOptions extends CallOptions {
  /** Criteria that must all hold. */
  filter?: Criterion[];
  /** How many results to skip. */
  offset?: number;
  /** At most this many results. */
  limit?: number;
}

/** The answer to a create call. */
export interface IdResponse {
  /** The id of the created resource. */
  id: string;
  /** When it was created, in epoch milliseconds. */
  createdAt: number;
}

/** Where data lives or goes: a type plus type-specific properties (`baseUrl`, `endpoint`, `authorization`, ...). */
export interface DataAddress {
  /** The data address type, for example `HttpData`. */
  type: string;
  [property: string]: unknown;
}

/** An asset as the connector holds it. */
export interface Asset {
  /** The asset id. */
  id: string;
  /** Public properties, offered in the catalog. */
  properties: Record<string, unknown>;
  /** Properties only the owner sees. */
  privateProperties: Record<string, unknown>;
  /** Where the asset's data is read from. */
  dataAddress: DataAddress;
  /** When it was created, in epoch milliseconds. */
  createdAt?: number;
}

/** What creating or updating an asset takes. */
export interface AssetInput {
  /** The asset id; the connector chooses one when left out on create. */
  id?: string;
  /** Public properties (plain names land in the EDC vocabulary). */
  properties: Record<string, unknown>;
  /** Properties only the owner sees. */
  privateProperties?: Record<string, unknown>;
  /** Where the asset's data is read from. */
  dataAddress: DataAddress;
}

/** A comparison inside a policy rule. */
export interface AtomicConstraint {
  /** The left operand, kept as the connector wrote it (usually a full IRI). */
  leftOperand: string;
  /** The ODRL operator in short form: `eq`, `neq`, `gt`, `gteq`, `lt`, `lteq`, `isAnyOf`, ... */
  operator: string;
  /** The right operand. */
  rightOperand: unknown;
}

/** A logical combination of constraints (`and`, `or`, `xone`, `andSequence`). */
export interface LogicalConstraint {
  /** The ODRL logical operator. */
  operator: 'and' | 'or' | 'xone' | 'andSequence';
  /** The combined constraints. */
  constraints: PolicyConstraint[];
}

/** A constraint of a policy rule. */
export type PolicyConstraint = AtomicConstraint | LogicalConstraint;

/** A permission, prohibition or obligation. */
export interface PolicyRule {
  /** The ODRL action in short form, for example `use`. */
  action: string;
  /** The asset the rule applies to. */
  target?: string;
  /** Conditions of the rule. */
  constraints: PolicyConstraint[];
}

/** An ODRL policy. */
export interface Policy {
  /** The policy id (an offer id in catalogs). */
  id?: string;
  /** The ODRL policy type in short form: `Set`, `Offer` or `Agreement`. */
  type: string;
  /** The provider's participant id. */
  assigner?: string;
  /** The consumer's participant id. */
  assignee?: string;
  /** The asset the policy applies to. */
  target?: string;
  /** What is allowed. */
  permissions: PolicyRule[];
  /** What is forbidden. */
  prohibitions: PolicyRule[];
  /** What must be done. */
  obligations: PolicyRule[];
}

/** A policy as given to the client; missing rule lists are empty. */
export interface PolicyInput {
  /** The ODRL policy type in short form; `Set` by default. */
  type?: string;
  /** The provider's participant id. */
  assigner?: string;
  /** The consumer's participant id. */
  assignee?: string;
  /** The asset the policy applies to. */
  target?: string;
  /** What is allowed. */
  permissions?: PolicyRule[];
  /** What is forbidden. */
  prohibitions?: PolicyRule[];
  /** What must be done. */
  obligations?: PolicyRule[];
}

/** A stored policy. */
export interface PolicyDefinition {
  /** The policy definition id. */
  id: string;
  /** When it was created, in epoch milliseconds. */
  createdAt?: number;
  /** The policy itself. */
  policy: Policy;
}

/** What creating or updating a policy definition takes. */
export interface PolicyDefinitionInput {
  /** The policy definition id; the connector chooses one when left out on create. */
  id?: string;
  /** The policy itself. */
  policy: PolicyInput;
}

/** Which assets are offered under which policies. */
export interface ContractDefinition {
  /** The contract definition id. */
  id: string;
  /** The policy a consumer must satisfy to see the offer. */
  accessPolicyId: string;
  /** The policy the contract is made under. */
  contractPolicyId: string;
  /** Criteria choosing the assets; empty means all assets. */
  assetsSelector: Criterion[];
  /** When it was created, in epoch milliseconds. */
  createdAt?: number;
}

/** What creating or updating a contract definition takes. */
export interface ContractDefinitionInput {
  /** The contract definition id; the connector chooses one when left out on create. */
  id?: string;
  /** The policy a consumer must satisfy to see the offer. */
  accessPolicyId: string;
  /** The policy the contract is made under. */
  contractPolicyId: string;
  /** Criteria choosing the assets; empty or left out means all assets. */
  assetsSelector?: Criterion[];
}

/** An offer in a catalog: a policy with an id that a negotiation can be initiated with. */
export interface Offer extends Policy {
  /** The offer id. */
  id: string;
  /** The asset offered (the dataset's id when the provider leaves it implicit). */
  target: string;
}

/** A way a dataset can be transferred. */
export interface Distribution {
  /** The transfer format, for example `HttpData-PULL`. */
  format?: string;
  /** The id of the data service that serves it. */
  accessService?: string;
}

/** A data service of a catalog (the provider's connector). */
export interface DataService {
  /** The data service id. */
  id?: string;
  /** Where the service answers. */
  endpointUrl?: string;
}

/** A dataset of a catalog: one asset with the offers it is available under. */
export interface Dataset {
  /** The dataset id (the asset id). */
  id: string;
  /** The offers, read from the dataset's policy list. */
  offers: Offer[];
  /** The ways it can be transferred. */
  distributions: Distribution[];
  /** The asset's public properties and any other dataset fields, under plain names. */
  properties: Record<string, unknown>;
}

/** A provider's DCAT catalog. */
export interface Catalog {
  /** The catalog id. */
  id: string;
  /** The provider's participant id. */
  participantId?: string;
  /** In a federated catalog: the DSP address the catalog was crawled from. */
  originator?: string;
  /** The datasets offered. */
  datasets: Dataset[];
  /** The provider's data services. */
  services: DataService[];
  /** Sub-catalogs (a federated catalog can nest them). */
  catalogs: Catalog[];
}

/** What a catalog request takes. */
export interface CatalogRequestInput extends CallOptions {
  /** The provider's DSP (protocol) address. */
  counterPartyAddress: string;
  /** The provider's participant id. */
  counterPartyId?: string;
  /** Criteria the provider filters its datasets by. */
  filter?: Criterion[];
  /** How many datasets to skip. */
  offset?: number;
  /** At most this many datasets. */
  limit?: number;
  /** Extra credential scopes to present. */
  additionalScopes?: string[];
}

/** What a dataset request takes. */
export interface DatasetRequestInput extends CallOptions {
  /** The dataset (asset) id. */
  id: string;
  /** The provider's DSP (protocol) address. */
  counterPartyAddress: string;
  /** The provider's participant id. */
  counterPartyId?: string;
}

/** A signed contract. */
export interface ContractAgreement {
  /** The agreement id (the `contractId` of transfers). */
  id: string;
  /** The asset agreed on. */
  assetId: string;
  /** The provider's participant id. */
  providerId: string;
  /** The consumer's participant id. */
  consumerId: string;
  /** When it was signed, in epoch seconds. */
  contractSigningDate: number;
  /** The agreed policy. */
  policy: Policy;
}

/** Where a connector reports state changes. */
export interface CallbackAddress {
  /** The URL called. */
  uri: string;
  /** The events reported, for example `contract.negotiation`. */
  events: string[];
  /** Whether the call is part of the state transition. */
  transactional?: boolean;
  /** The header carrying the key. */
  authKey?: string;
  /** The secret id of the key. */
  authCodeId?: string;
}

/** A contract negotiation. */
export interface ContractNegotiation {
  /** The negotiation id. */
  id: string;
  /** Which side this connector is on. */
  type: 'CONSUMER' | 'PROVIDER';
  /** The current state; a state EDC does not define is kept as sent, typed apart. */
  state: NegotiationStateName | UnknownStateName;
  /** The protocol used. */
  protocol?: string;
  /** The other participant. */
  counterPartyId?: string;
  /** The other participant's DSP address. */
  counterPartyAddress?: string;
  /** The agreement, once there is one. */
  contractAgreementId?: string;
  /** Why the negotiation failed or was terminated. */
  errorDetail?: string;
  /** When it was created, in epoch milliseconds. */
  createdAt?: number;
  /** Where state changes are reported. */
  callbackAddresses: CallbackAddress[];
}

/** The state of a negotiation. */
export interface NegotiationState {
  /** The current state; a state EDC does not define is kept as sent, typed apart. */
  state: NegotiationStateName | UnknownStateName;
}

/** What initiating a negotiation takes. */
export interface InitiateNegotiationInput extends CallOptions {
  /** The provider's DSP (protocol) address. */
  counterPartyAddress: string;
  /** The provider's participant id; the offer's assigner when that is missing. */
  counterPartyId?: string;
  /** The offer from the provider's catalog (its id, target and assigner are required). */
  offer: PolicyInput & { id: string; target: string };
  /** Where state changes are reported. */
  callbackAddresses?: CallbackAddress[];
}

/** A data plane registered with the connector. */
export interface DataPlane {
  /** The data plane id. */
  id: string;
  /** The data plane's control URL. */
  url: string;
  /** Source data address types it reads. */
  allowedSourceTypes: string[];
  /** Destination data address types it writes (deprecated by EDC). */
  allowedDestTypes: string[];
  /** Transfer types it serves, for example `HttpData-PULL`. */
  allowedTransferTypes: string[];
  /** Its availability, for example `AVAILABLE`. */
  state?: string;
  /** When it last changed state, in epoch milliseconds. */
  stateTimestamp?: number;
  /** When it last reported itself available, in epoch milliseconds. */
  lastActive?: number;
  /** How often it was chosen for a transfer (deprecated by EDC). */
  turnCount?: number;
  /** Any further properties. */
  properties: Record<string, unknown>;
}

/** An endpoint data reference: the access credential a started pull transfer produces. */
export interface EndpointDataReference {
  /** The entry id (the transfer process id). */
  id: string;
  /** The transfer process it belongs to. */
  transferProcessId: string;
  /** The contract agreement. */
  agreementId: string;
  /** The negotiation the agreement came from. */
  contractNegotiationId?: string;
  /** The asset. */
  assetId: string;
  /** The provider's participant id. */
  providerId: string;
  /** When it was created, in epoch milliseconds. */
  createdAt?: number;
}

/** A secret held in the connector's vault. */
export interface Secret {
  /** The secret id. */
  id: string;
  /** The secret value. */
  value: string;
}

/** A transfer process. */
export interface TransferProcess {
  /** The transfer process id. */
  id: string;
  /** The counter-party's id for the same process. */
  correlationId?: string;
  /** Which side this connector is on. */
  type: 'CONSUMER' | 'PROVIDER';
  /** The current state; a state EDC does not define is kept as sent, typed apart. */
  state: TransferProcessStateName | UnknownStateName;
  /** When the state last changed, in epoch milliseconds. */
  stateTimestamp?: number;
  /** When it was created, in epoch milliseconds. */
  createdAt?: number;
  /** The asset transferred. */
  assetId?: string;
  /** The other connector's id. */
  connectorId?: string;
  /** The other participant. */
  counterPartyId?: string;
  /** The other participant's DSP address. */
  counterPartyAddress?: string;
  /** The contract agreement it runs under. */
  contractId: string;
  /** The transfer type, for example `HttpData-PULL`. */
  transferType?: string;
  /** The protocol used. */
  protocol?: string;
  /** Why it failed or was terminated. */
  errorDetail?: string;
  /** Where push transfers deliver. */
  dataDestination?: DataAddress;
  /** Properties only the owner sees. */
  privateProperties: Record<string, unknown>;
  /** Where state changes are reported. */
  callbackAddresses: CallbackAddress[];
}

/** The state of a transfer process. */
export interface TransferProcessState {
  /** The current state; a state EDC does not define is kept as sent, typed apart. */
  state: TransferProcessStateName | UnknownStateName;
}

/** What initiating a transfer takes. */
export interface InitiateTransferInput extends CallOptions {
  /** The provider's DSP (protocol) address. */
  counterPartyAddress: string;
  /** The provider's participant id. */
  counterPartyId?: string;
  /** The contract agreement id. */
  contractId: string;
  /** The asset id (deprecated by EDC, read from the agreement). */
  assetId?: string;
  /** The transfer type, for example `HttpData-PULL` or `HttpData-PUSH`. */
  transferType: string;
  /** Where a push transfer delivers. */
  dataDestination?: DataAddress;
  /** Properties only the owner sees. */
  privateProperties?: Record<string, unknown>;
  /** Where state changes are reported. */
  callbackAddresses?: CallbackAddress[];
}

/** Options of waiting for a negotiation or transfer to reach a state. */
export interface WaitForStateOptions extends CallOptions {
  /** Give up after this many milliseconds (10 000 by default). */
  waitTimeoutMs?: number;
  /** Poll this often, in milliseconds (100 by default). */
  intervalMs?: number;
}

/** The result of one component's health check. */
export interface HealthCheckResult {
  /** The component checked. */
  component?: string;
  /** Whether it is healthy. */
  isHealthy: boolean;
  /** Why not, when it is not. */
  failure?: { failureDetail?: string; messages?: string[] };
}

/** The answer of a health check. */
export interface HealthStatus {
  /** Whether every component is healthy. */
  isSystemHealthy: boolean;
  /** Each component's result. */
  componentResults: HealthCheckResult[];
}

/** What a public data-plane request takes. */
export interface PublicDataRequest extends CallOptions {
  /** A path appended to the public address (`/` by default). */
  path?: string;
  /** Query parameters appended to the URL. */
  query?: Record<string, string>;
  /** Headers sent as given, typically `Authorization` with the EDR token. The API key is not sent here. */
  headers?: Record<string, string>;
}

/** A streamed answer of the public data plane. */
export interface PublicDataResponse {
  /** The HTTP status. */
  status: number;
  /** The answer's headers. */
  headers: Headers;
  /** The data, as a stream that holds at least one byte. */
  body: ReadableStream<Uint8Array>;
}
