export type {
  AssetsResource,
  CatalogResource,
  ConnectorClient,
  ConnectorClientOptions,
  ContractAgreementsResource,
  ContractDefinitionsResource,
  ContractNegotiationsResource,
  DataPlanesResource,
  EndpointDataReferencesResource,
  FederatedCatalogResource,
  HealthResource,
  PolicyDefinitionsResource,
  PublicDataResource,
  SecretsResource,
  TransferProcessesResource,
} from './connector-client';
export {
  DATASPACE_PROTOCOL,
  EDC_CONTEXT,
  EDC_NAMESPACE,
  isNegotiationStateName,
  isTransferProcessStateName,
  MANAGEMENT_API_VERSIONS,
  MANAGEMENT_CONTEXT_V2,
  type ManagementApiVersionChoice,
  type ManagementApiVersionName,
  NEGOTIATION_STATES,
  type NegotiationStateName,
  ODRL_CONTEXT_URL,
  ODRL_NAMESPACE,
  TRANSFER_PROCESS_STATES,
  type TransferProcessStateName,
  type UnknownStateName,
} from './constants';
export { createConnectorClient, DEFAULT_TIMEOUT_MS } from './create-connector-client';
export * from './errors';
export type * from './types';
