import { z } from 'zod';
import { ZConnectorId, ZConnectorParams, ZRegisteredConnector } from './connector';
import { endpointGroup } from './endpoint';
import { ZWellFormedText, zForeignId } from './text';

/**
 * The connector console (operators): a registered connector's health, assets, policy definitions and contract
 * definitions, read and changed through the connector's Management API by the server on the operator's behalf.
 */

const connectorsApi = endpointGroup('connectors');

/** Names of the four health checks of an EDC (`/api/check/...`). */
export const CONNECTOR_HEALTH_CHECKS = ['health', 'liveness', 'readiness', 'startup'] as const;

/** One health check's result. */
export const ZConnectorHealthCheck = z.object({
  name: z.enum(CONNECTOR_HEALTH_CHECKS),
  /** False also when the check could not be asked (see `error`). */
  isHealthy: z.boolean(),
  components: z.array(z.object({ component: z.string(), isHealthy: z.boolean(), failure: z.string().nullable() })),
  /** Why the check could not be asked: the connector's message. */
  error: z.string().nullable(),
});
export type TConnectorHealthCheck = z.infer<typeof ZConnectorHealthCheck>;

/** `GET /api/connectors/:connectorId/health`: the four checks, asked at once. */
export const ZConnectorHealthResponse = z.object({ checks: z.array(ZConnectorHealthCheck) });
export type TConnectorHealthResponse = z.infer<typeof ZConnectorHealthResponse>;

/** An asset as the console lists it. */
export const ZConsoleAsset = z.object({
  id: z.string(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  contentType: z.string().nullable(),
  /** The data address type, for example `HttpData`. */
  dataAddressType: z.string(),
  baseUrl: z.string().nullable(),
  /** Epoch milliseconds, when the connector says. */
  createdAt: z.number().nullable(),
});
export type TConsoleAsset = z.infer<typeof ZConsoleAsset>;

/** Paging and filter of the console's lists. */
export const ZConsoleListQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** Only entries whose id contains this text (case-insensitive where the connector supports `ilike`). */
  filter: z.string().trim().max(200).optional(),
});
export type TConsoleListQuery = z.infer<typeof ZConsoleListQuery>;

/** `GET /api/connectors/:connectorId/assets`: one page of assets, by id. */
export const ZConsoleAssetListResponse = z.object({
  assets: z.array(ZConsoleAsset),
  offset: z.number(),
  limit: z.number(),
  /** Whether another page follows. */
  hasMore: z.boolean(),
});
export type TConsoleAssetListResponse = z.infer<typeof ZConsoleAssetListResponse>;

/** An id of an object on a connector: text without control characters or slashes. */
export const ZConsoleObjectId = ZWellFormedText.trim()
  .min(1, 'must not be empty')
  .max(200)
  .regex(/^[^\s/\\?#]+$/, 'must not contain spaces, slashes, ? or #');

/** `POST /api/connectors/:connectorId/assets`: an asset whose data is read over HTTP (an HttpData address). */
export const ZConsoleAssetCreateRequest = z
  .object({
    id: ZConsoleObjectId,
    name: z.string().trim().min(1, 'must not be empty').max(500),
    description: z.string().trim().max(5000).optional(),
    contentType: z.string().trim().max(200).optional(),
    baseUrl: z.url({ protocol: /^https?$/, message: 'must be an http or https URL' }).max(2000),
  })
  .strict();
export type TConsoleAssetCreateRequest = z.infer<typeof ZConsoleAssetCreateRequest>;

/** `PUT /api/connectors/:connectorId/assets/:objectId`: replace an asset's properties and HttpData address. */
export const ZConsoleAssetUpdateRequest = ZConsoleAssetCreateRequest.omit({ id: true });
export type TConsoleAssetUpdateRequest = z.infer<typeof ZConsoleAssetUpdateRequest>;

/** A policy definition as the console lists it, for choosing one in a contract definition. */
export const ZConsolePolicyDefinition = z.object({
  id: z.string(),
  /** The actions its permissions allow, for example `use`. */
  permittedActions: z.array(z.string()),
  /** How many constraints its permissions carry. */
  constraintCount: z.number(),
});
export type TConsolePolicyDefinition = z.infer<typeof ZConsolePolicyDefinition>;

/** `GET /api/connectors/:connectorId/policy-definitions`: every policy definition (up to 1000), by id. */
export const ZConsolePolicyDefinitionListResponse = z.array(ZConsolePolicyDefinition);

/** A contract definition as the console lists it. */
export const ZConsoleContractDefinition = z.object({
  id: z.string(),
  accessPolicyId: z.string(),
  contractPolicyId: z.string(),
  /** The assets its selector names by id; null when the selector is empty (every asset) or not by id. */
  assetIds: z.array(z.string()).nullable(),
});
export type TConsoleContractDefinition = z.infer<typeof ZConsoleContractDefinition>;

/** `GET /api/connectors/:connectorId/contract-definitions`: every contract definition (up to 1000), by id. */
export const ZConsoleContractDefinitionListResponse = z.array(ZConsoleContractDefinition);

/** `POST /api/connectors/:connectorId/contract-definitions`: offers the assets (all when empty) under the policies. */
export const ZConsoleContractDefinitionCreateRequest = z
  .object({
    id: ZConsoleObjectId,
    accessPolicyId: ZConsoleObjectId,
    contractPolicyId: ZConsoleObjectId,
    assetIds: z.array(ZConsoleObjectId).max(100),
  })
  .strict();
export type TConsoleContractDefinitionCreateRequest = z.infer<typeof ZConsoleContractDefinitionCreateRequest>;

/**
 * Path parameters of calls about one object of a connector. Objects made elsewhere may carry any id, so the path
 * only needs text that can be put into a URL.
 */
export const ZConsoleObjectParams = z.object({ connectorId: ZConnectorId, objectId: zForeignId(200) });
export type TConsoleObjectParams = z.infer<typeof ZConsoleObjectParams>;

/** ODRL operators a console constraint may use. */
export const ODRL_OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gteq',
  'lt',
  'lteq',
  'isAnyOf',
  'isAllOf',
  'isNoneOf',
  'isPartOf',
  'isA',
  'hasPart',
] as const;

/** One ODRL constraint: `leftOperand operator rightOperand`, for example `spatial eq DE`. */
export const ZConsoleConstraint = z.object({
  leftOperand: z.string().trim().min(1, 'must not be empty').max(500),
  operator: z.enum(ODRL_OPERATORS),
  rightOperand: z.string().trim().min(1, 'must not be empty').max(2000),
});
export type TConsoleConstraint = z.infer<typeof ZConsoleConstraint>;

/** A permission, prohibition or obligation: an ODRL action with its constraints. */
export const ZConsolePolicyRule = z.object({
  action: z.string().trim().min(1).max(200).default('use'),
  constraints: z.array(ZConsoleConstraint).max(20).default([]),
});
export type TConsolePolicyRule = z.infer<typeof ZConsolePolicyRule>;

/**
 * `POST /api/connectors/:connectorId/policy-definitions`: a policy definition built from the form (ODRL rules) or
 * given as raw ODRL JSON-LD text (`{"@type": "Set", "permission": [...]}`), which the server validates.
 */
export const ZConsolePolicyDefinitionCreateRequest = z.union([
  z
    .object({
      id: ZConsoleObjectId,
      permissions: z.array(ZConsolePolicyRule).max(20),
      prohibitions: z.array(ZConsolePolicyRule).max(20).default([]),
      obligations: z.array(ZConsolePolicyRule).max(20).default([]),
    })
    .strict(),
  z.object({ id: ZConsoleObjectId, jsonLd: z.string().min(2).max(100_000) }).strict(),
]);
export type TConsolePolicyDefinitionCreateRequest = z.input<typeof ZConsolePolicyDefinitionCreateRequest>;

/** `GET /api/connectors/registered` (operators): every connector with its addresses, for the connectors page. */

/** Why a console call can fail: bad input, not an operator, no such connector or object, a conflict, or the connector failed. */
export const CONSOLE_ERRORS = [400, 403, 404, 409, 502, 503, 504] as const;

/** The console's endpoints: every one is for operators and grouped under one tag in the API document. */
export const consoleApi = endpointGroup('connector console');

export const connectorHealthEndpoint = consoleApi('GET /api/connectors/:connectorId/health', {
  params: ZConnectorParams,
  answer: ZConnectorHealthResponse,
  summary: "A connector's four health checks (operators)",
  errors: CONSOLE_ERRORS,
});
export const consoleAssetListEndpoint = consoleApi('GET /api/connectors/:connectorId/assets', {
  params: ZConnectorParams,
  query: ZConsoleListQuery,
  answer: ZConsoleAssetListResponse,
  summary: "One page of a connector's assets (operators)",
  errors: CONSOLE_ERRORS,
});
export const consoleAssetCreateEndpoint = consoleApi('POST /api/connectors/:connectorId/assets', {
  params: ZConnectorParams,
  body: ZConsoleAssetCreateRequest,
  answer: ZConsoleAsset,
  status: 201,
  summary: 'Create an asset with an HttpData address (operators)',
  errors: CONSOLE_ERRORS,
});
export const consoleAssetUpdateEndpoint = consoleApi('PUT /api/connectors/:connectorId/assets/:objectId', {
  params: ZConsoleObjectParams,
  body: ZConsoleAssetUpdateRequest,
  answer: ZConsoleAsset,
  summary: "Replace an asset's properties and HttpData address (operators)",
  errors: CONSOLE_ERRORS,
});
export const consoleAssetDeleteEndpoint = consoleApi('DELETE /api/connectors/:connectorId/assets/:objectId', {
  params: ZConsoleObjectParams,
  answer: z.null(),
  status: 204,
  summary: 'Delete an asset (operators)',
  errors: CONSOLE_ERRORS,
});
export const consolePolicyDefinitionListEndpoint = consoleApi('GET /api/connectors/:connectorId/policy-definitions', {
  params: ZConnectorParams,
  answer: ZConsolePolicyDefinitionListResponse,
  summary: "A connector's policy definitions (operators)",
  errors: CONSOLE_ERRORS,
});
export const consolePolicyDefinitionCreateEndpoint = consoleApi(
  'POST /api/connectors/:connectorId/policy-definitions',
  {
    params: ZConnectorParams,
    body: ZConsolePolicyDefinitionCreateRequest,
    answer: ZConsolePolicyDefinition,
    status: 201,
    summary: 'Create a policy definition from ODRL rules or raw ODRL JSON-LD (operators)',
    errors: CONSOLE_ERRORS,
  },
);
export const consolePolicyDefinitionDeleteEndpoint = consoleApi(
  'DELETE /api/connectors/:connectorId/policy-definitions/:objectId',
  {
    params: ZConsoleObjectParams,
    answer: z.null(),
    status: 204,
    summary: 'Delete a policy definition (operators); 409 while a contract definition uses it',
    errors: CONSOLE_ERRORS,
  },
);
export const consoleContractDefinitionListEndpoint = consoleApi(
  'GET /api/connectors/:connectorId/contract-definitions',
  {
    params: ZConnectorParams,
    answer: ZConsoleContractDefinitionListResponse,
    summary: "A connector's contract definitions (operators)",
    errors: CONSOLE_ERRORS,
  },
);
export const consoleContractDefinitionCreateEndpoint = consoleApi(
  'POST /api/connectors/:connectorId/contract-definitions',
  {
    params: ZConnectorParams,
    body: ZConsoleContractDefinitionCreateRequest,
    answer: ZConsoleContractDefinition,
    status: 201,
    summary: 'Create a contract definition (operators)',
    errors: CONSOLE_ERRORS,
  },
);
export const consoleContractDefinitionDeleteEndpoint = consoleApi(
  'DELETE /api/connectors/:connectorId/contract-definitions/:objectId',
  {
    params: ZConsoleObjectParams,
    answer: z.null(),
    status: 204,
    summary: 'Delete a contract definition (operators)',
    errors: CONSOLE_ERRORS,
  },
);

export const registeredConnectorListEndpoint = connectorsApi('GET /api/connectors/registered', {
  answer: z.array(ZRegisteredConnector),
  summary: 'The registered connectors with their addresses (operators)',
  errors: [403],
});
