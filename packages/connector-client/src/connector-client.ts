import type { ManagementApiVersionChoice, NegotiationStateName, TransferProcessStateName } from './constants';
import type {
  Asset,
  AssetInput,
  CallOptions,
  Catalog,
  CatalogRequestInput,
  ConnectorAddresses,
  ContractAgreement,
  ContractDefinition,
  ContractDefinitionInput,
  ContractNegotiation,
  DataAddress,
  DataPlane,
  Dataset,
  DatasetRequestInput,
  EndpointDataReference,
  HealthStatus,
  IdResponse,
  InitiateNegotiationInput,
  InitiateTransferInput,
  ManagementApi,
  NegotiationState,
  PolicyDefinition,
  PolicyDefinitionInput,
  PublicDataRequest,
  PublicDataResponse,
  QueryOptions,
  Secret,
  TransferProcess,
  TransferProcessState,
  WaitForStateOptions,
} from './types';

/** How to build a connector client. */
export interface ConnectorClientOptions {
  /** The connector's addresses; a call to an address left out fails with an AddressNotSetError. */
  addresses: ConnectorAddresses;
  /** The API key sent as `X-Api-Key` (an empty string when left out). */
  apiKey?: string;
  /** A bearer token (or a function yielding the current one) sent on management calls made for a signed-in user. */
  bearerToken?: string | (() => string | undefined | Promise<string | undefined>);
  /** Per-call timeout in milliseconds (30 000 by default; 0 disables it). */
  timeoutMs?: number;
  /** The protocol named in catalog, negotiation and transfer requests (`dataspace-protocol-http` by default). */
  protocol?: string;
  /** The fetch implementation (the global fetch by default). */
  fetch?: typeof fetch;
  /**
   * The Management API version to speak: `v3` (at `/v3`), `v4` (at `/v4`), or `auto` (the default): ask the version
   * address's `GET /v1/version` once and speak the newest stable version the client knows, at the `urlPath` the
   * connector names; without a version address, or when it cannot be reached, `auto` speaks v3 as before.
   */
  managementApiVersion?: ManagementApiVersionChoice;
}

/** Records created and replaced whole at a path, the id in the body, and fetched and deleted at `path/:id`. */
export interface RecordsResource<TInput, TRecord> {
  /** Creates a record (409 Duplicate when the id exists). */
  create(input: TInput, options?: CallOptions): Promise<IdResponse>;
  /** Replaces a record (404 NotFound when unknown). */
  update(input: TInput & { id: string }, options?: CallOptions): Promise<void>;
  /** Fetches one record. */
  get(id: string, options?: CallOptions): Promise<TRecord>;
  /** Deletes a record (409 when another still refers to it, as a contract agreement to its asset). */
  delete(id: string, options?: CallOptions): Promise<void>;
}

/** Records that are also queried at `path/request`. */
export interface QueriedRecordsResource<TInput, TRecord> extends RecordsResource<TInput, TRecord> {
  /** Queries the records, sorted by id ascending. */
  query(options?: QueryOptions): Promise<TRecord[]>;
}

/** Assets: `/v3/assets` or `/v4/assets`. */
export interface AssetsResource extends QueriedRecordsResource<AssetInput, Asset> {}

/** Catalog requests to another connector: `/v3/catalog` or `/v4/catalog`. */
export interface CatalogResource {
  /** Requests a provider's catalog over the dataspace protocol. */
  request(input: CatalogRequestInput): Promise<Catalog>;
  /** Requests one dataset of a provider's catalog. */
  requestDataset(input: DatasetRequestInput): Promise<Dataset>;
}

/** Contract agreements: `/v3/contractagreements` or `/v4/...`. */
export interface ContractAgreementsResource {
  /** Queries agreements, sorted by id ascending. */
  query(options?: QueryOptions): Promise<ContractAgreement[]>;
  /** Fetches one agreement. */
  get(id: string, options?: CallOptions): Promise<ContractAgreement>;
  /** Fetches the negotiation an agreement came from. */
  getNegotiation(id: string, options?: CallOptions): Promise<ContractNegotiation>;
}

/** Contract definitions: `/v3/contractdefinitions` or `/v4/...`. */
export interface ContractDefinitionsResource
  extends QueriedRecordsResource<ContractDefinitionInput, ContractDefinition> {}

/** Contract negotiations: `/v3/contractnegotiations` or `/v4/...`. */
export interface ContractNegotiationsResource {
  /** Starts negotiating an offer with a provider. */
  initiate(input: InitiateNegotiationInput): Promise<IdResponse>;
  /** Queries negotiations, sorted by id ascending. */
  query(options?: QueryOptions): Promise<ContractNegotiation[]>;
  /** Fetches one negotiation. */
  get(id: string, options?: CallOptions): Promise<ContractNegotiation>;
  /** Fetches a negotiation's state. */
  getState(id: string, options?: CallOptions): Promise<NegotiationState>;
  /** Terminates a negotiation, giving a reason. */
  terminate(id: string, reason: string, options?: CallOptions): Promise<void>;
  /** Fetches the agreement a negotiation reached. */
  getAgreement(id: string, options?: CallOptions): Promise<ContractAgreement>;
  /**
   * Polls the state until it is one of `states`. Fails with an UnknownError when the negotiation reaches
   * another final state (TERMINATED, FINALIZED) or the wait times out.
   */
  waitForState(id: string, states: NegotiationStateName[], options?: WaitForStateOptions): Promise<NegotiationState>;
}

/** Data planes: `/v3/dataplanes` or `/v4/dataplanes`. */
export interface DataPlanesResource {
  /** Lists the registered data planes. */
  list(options?: CallOptions): Promise<DataPlane[]>;
}

/** Endpoint data references: `/v3/edrs`, in both versions (EDC's v4 has no EDR endpoints of its own). */
export interface EndpointDataReferencesResource {
  /** Queries EDR entries, sorted by id ascending. */
  query(options?: QueryOptions): Promise<EndpointDataReference[]>;
  /** Deletes the EDR entry of a transfer process. */
  delete(transferProcessId: string, options?: CallOptions): Promise<void>;
  /** Fetches the data address (public endpoint and token) of a transfer process's EDR. */
  getDataAddress(transferProcessId: string, options?: CallOptions): Promise<DataAddress>;
}

/** Policy definitions: `/v3/policydefinitions` or `/v4/...`. */
export interface PolicyDefinitionsResource {
  /** Creates a policy definition. */
  create(definition: PolicyDefinitionInput, options?: CallOptions): Promise<IdResponse>;
  /** Replaces a policy definition. */
  update(id: string, definition: PolicyDefinitionInput, options?: CallOptions): Promise<void>;
  /** Deletes a policy definition (409 when a contract definition still refers to it). */
  delete(id: string, options?: CallOptions): Promise<void>;
  /** Fetches one policy definition. */
  get(id: string, options?: CallOptions): Promise<PolicyDefinition>;
  /** Queries policy definitions, sorted by id ascending. */
  query(options?: QueryOptions): Promise<PolicyDefinition[]>;
}

/** Secrets in the connector's vault: `/v3/secrets` or `/v4/secrets`. */
export interface SecretsResource extends RecordsResource<Secret, Secret> {}

/** Transfer processes: `/v3/transferprocesses` or `/v4/...`. */
export interface TransferProcessesResource {
  /** Starts a transfer under a contract agreement. */
  initiate(input: InitiateTransferInput): Promise<IdResponse>;
  /** Fetches one transfer process. */
  get(id: string, options?: CallOptions): Promise<TransferProcess>;
  /** Queries transfer processes, sorted by id ascending. */
  query(options?: QueryOptions): Promise<TransferProcess[]>;
  /** Fetches a transfer process's state. */
  getState(id: string, options?: CallOptions): Promise<TransferProcessState>;
  /** Terminates a transfer, giving a reason. */
  terminate(id: string, reason: string, options?: CallOptions): Promise<void>;
  /** Releases what a completed or terminated transfer provisioned (`/v3/...` in both versions: v4 has no such call). */
  deprovision(id: string, options?: CallOptions): Promise<void>;
  /**
   * Polls the state until it is one of `states`. Fails with an UnknownError when the transfer reaches
   * another final state (TERMINATED, COMPLETED, DEPROVISIONED) or the wait times out.
   */
  waitForState(
    id: string,
    states: TransferProcessStateName[],
    options?: WaitForStateOptions,
  ): Promise<TransferProcessState>;
}

/** Health checks on the default address: `/check/...`. */
export interface HealthResource {
  /** `GET /check/health`. */
  health(options?: CallOptions): Promise<HealthStatus>;
  /** `GET /check/liveness`. */
  liveness(options?: CallOptions): Promise<HealthStatus>;
  /** `GET /check/readiness`. */
  readiness(options?: CallOptions): Promise<HealthStatus>;
  /** `GET /check/startup`. */
  startup(options?: CallOptions): Promise<HealthStatus>;
}

/** The public data plane. */
export interface PublicDataResource {
  /** Streams data from the public address with the caller's headers (an empty body or 204 is an UnreachableError). */
  get(request?: PublicDataRequest): Promise<PublicDataResponse>;
}

/** The federated catalog. */
export interface FederatedCatalogResource {
  /** Queries the catalogs the federated catalog has crawled. */
  query(options?: QueryOptions): Promise<Catalog[]>;
}

/** A typed client of one EDC connector. */
export interface ConnectorClient {
  /** The addresses the client was built with. */
  readonly addresses: Readonly<ConnectorAddresses>;
  /** The protocol named in catalog, negotiation and transfer requests. */
  readonly protocol: string;
  /** The Management API version the client was told to speak (`auto` until asked). */
  readonly managementApiVersion: ManagementApiVersionChoice;
  /** The Management API version the client speaks and its path, asking the version API first under `auto`. */
  managementApi(): Promise<ManagementApi>;
  readonly assets: AssetsResource;
  readonly catalog: CatalogResource;
  readonly contractAgreements: ContractAgreementsResource;
  readonly contractDefinitions: ContractDefinitionsResource;
  readonly contractNegotiations: ContractNegotiationsResource;
  readonly dataplanes: DataPlanesResource;
  readonly edrs: EndpointDataReferencesResource;
  readonly policyDefinitions: PolicyDefinitionsResource;
  readonly secrets: SecretsResource;
  readonly transferProcesses: TransferProcessesResource;
  readonly health: HealthResource;
  readonly publicData: PublicDataResource;
  readonly federatedCatalog: FederatedCatalogResource;
  /** A client like this one whose management calls carry the given signed-in user's bearer token. */
  withBearerToken(token: string): ConnectorClient;
}
