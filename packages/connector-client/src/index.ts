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
  NEGOTIATION_STATES,
  type NegotiationStateName,
  ODRL_CONTEXT_URL,
  ODRL_NAMESPACE,
  TRANSFER_PROCESS_STATES,
  type TransferProcessStateName,
} from './constants';
export { createConnectorClient, DEFAULT_TIMEOUT_MS } from './create-connector-client';
export {
  AddressNotSetError,
  type ApiErrorDetail,
  BadRequestError,
  ConnectorError,
  type ConnectorErrorCode,
  type ConnectorErrorOptions,
  DuplicateError,
  isConnectorError,
  MalformedAnswerError,
  NotFoundError,
  UnknownError,
  UnreachableError,
} from './errors';
export type * from './types';
