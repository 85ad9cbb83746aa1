import { z } from 'zod';
import { ZConnectorParams } from './connector';
import { consoleApi, ZConsoleObjectId, ZConsoleObjectParams } from './connector-console';
import { ZWellFormedText, zForeignId } from './text';

/**
 * The connector console's data-space side (operators): another participant's catalog, contract negotiations,
 * agreements, transfers, EDRs with their data, and the connector's secrets.
 */

/** An http(s) DSP address of another participant's connector. */
const ZDspAddress = z.url({ protocol: /^https?$/, message: 'must be an http or https URL' }).max(2000);

/** `POST /api/connectors/:connectorId/catalog`: ask another participant's connector for its catalog over DSP. */
export const ZConsoleCatalogRequest = z
  .object({
    counterPartyAddress: ZDspAddress,
    /** The other participant's id; EDC falls back to what the catalog says. */
    counterPartyId: ZWellFormedText.trim().min(1).max(500).optional(),
  })
  .strict();
export type TConsoleCatalogRequest = z.infer<typeof ZConsoleCatalogRequest>;

/** A dataset of a catalog with the offers it is available under. */
export const ZConsoleCatalogDataset = z.object({
  id: z.string(),
  name: z.string().nullable(),
  offers: z.array(z.object({ id: z.string(), permittedActions: z.array(z.string()), constraintCount: z.number() })),
});
export type TConsoleCatalogDataset = z.infer<typeof ZConsoleCatalogDataset>;

/** The answer of a catalog request. */
export const ZConsoleCatalogResponse = z.object({
  participantId: z.string().nullable(),
  datasets: z.array(ZConsoleCatalogDataset),
});
export type TConsoleCatalogResponse = z.infer<typeof ZConsoleCatalogResponse>;

/** `POST /api/connectors/:connectorId/negotiations`: negotiate one offer of a dataset of another participant. */
export const ZConsoleNegotiationRequest = ZConsoleCatalogRequest.extend({
  datasetId: zForeignId(500),
  offerId: zForeignId(2000),
}).strict();
export type TConsoleNegotiationRequest = z.infer<typeof ZConsoleNegotiationRequest>;

/** What the console shows of a negotiation and of a transfer process alike: which side this connector is, and the state. */
const ZConsoleProcess = z.object({
  id: z.string(),
  type: z.enum(['CONSUMER', 'PROVIDER']),
  /** The state as the connector sent it. */
  state: z.string(),
  /** False when the state is none EDC defines (a connector's own, or a misspelling such as `SUCCESSFULL`). */
  isStateKnown: z.boolean(),
});

/** A contract negotiation as the console lists it. */
export const ZConsoleNegotiation = ZConsoleProcess.extend({
  counterPartyId: z.string().nullable(),
  counterPartyAddress: z.string().nullable(),
  agreementId: z.string().nullable(),
  /** Why it failed or was terminated. */
  errorDetail: z.string().nullable(),
  createdAt: z.number().nullable(),
});
export type TConsoleNegotiation = z.infer<typeof ZConsoleNegotiation>;
export const ZConsoleNegotiationListResponse = z.array(ZConsoleNegotiation);

/** A contract agreement as the console lists it. */
export const ZConsoleAgreement = z.object({
  id: z.string(),
  assetId: z.string(),
  providerId: z.string(),
  consumerId: z.string(),
  /** Epoch seconds. */
  signedAt: z.number(),
});
export type TConsoleAgreement = z.infer<typeof ZConsoleAgreement>;
export const ZConsoleAgreementListResponse = z.array(ZConsoleAgreement);

/** `POST /api/connectors/:connectorId/transfers`: start a transfer under an agreement this connector holds. */
export const ZConsoleTransferRequest = z
  .object({
    agreementId: zForeignId(500),
    counterPartyAddress: ZDspAddress,
    counterPartyId: ZWellFormedText.trim().min(1).max(500).optional(),
    /** `HttpData-PULL` (read through the provider's public data plane with an EDR) by default. */
    transferType: z.string().min(1).max(200).default('HttpData-PULL'),
  })
  .strict();
export type TConsoleTransferRequest = z.input<typeof ZConsoleTransferRequest>;

/** A transfer process as the console lists it. */
export const ZConsoleTransfer = ZConsoleProcess.extend({
  assetId: z.string().nullable(),
  agreementId: z.string(),
  transferType: z.string().nullable(),
  errorDetail: z.string().nullable(),
  createdAt: z.number().nullable(),
});
export type TConsoleTransfer = z.infer<typeof ZConsoleTransfer>;
export const ZConsoleTransferListResponse = z.array(ZConsoleTransfer);

/** `POST .../negotiations/:objectId/terminate` and `.../transfers/:objectId/terminate`: why. */
export const ZConsoleTerminateRequest = z.object({ reason: z.string().trim().min(1).max(1000) }).strict();
export type TConsoleTerminateRequest = z.infer<typeof ZConsoleTerminateRequest>;

/** An EDR entry: a started pull transfer whose data can be read. */
export const ZConsoleEdr = z.object({
  transferProcessId: z.string(),
  assetId: z.string(),
  agreementId: z.string(),
  providerId: z.string(),
  createdAt: z.number().nullable(),
});
export type TConsoleEdr = z.infer<typeof ZConsoleEdr>;
export const ZConsoleEdrListResponse = z.array(ZConsoleEdr);

/** `POST /api/connectors/:connectorId/secrets`: store a secret in the connector's vault; never shown back. */
export const ZConsoleSecretCreateRequest = z
  .object({ id: ZConsoleObjectId, value: z.string().min(1).max(10_000) })
  .strict();
export type TConsoleSecretCreateRequest = z.infer<typeof ZConsoleSecretCreateRequest>;

/** `PUT /api/connectors/:connectorId/secrets/:objectId`: replace a secret's value. */
export const ZConsoleSecretUpdateRequest = z.object({ value: z.string().min(1).max(10_000) }).strict();
export type TConsoleSecretUpdateRequest = z.infer<typeof ZConsoleSecretUpdateRequest>;

/** A stored secret: its id only. */
export const ZConsoleSecret = z.object({ id: z.string() });
export type TConsoleSecret = z.infer<typeof ZConsoleSecret>;

const at = (suffix: string) => `/api/connectors/:connectorId/${suffix}` as const;

/** Why a data-space console call can fail, as the API document has always listed it (no 504). */
const DATASPACE_ERRORS = [400, 403, 404, 409, 502, 503] as const;

export const consoleCatalogEndpoint = consoleApi(`POST ${at('catalog')}`, {
  params: ZConnectorParams,
  body: ZConsoleCatalogRequest,
  answer: ZConsoleCatalogResponse,
  summary: "Another participant's catalog, asked for over DSP (operators)",
  errors: DATASPACE_ERRORS,
});
export const consoleNegotiationListEndpoint = consoleApi(`GET ${at('negotiations')}`, {
  params: ZConnectorParams,
  answer: ZConsoleNegotiationListResponse,
  summary: "A connector's contract negotiations (operators)",
  errors: DATASPACE_ERRORS,
});
export const consoleNegotiationStartEndpoint = consoleApi(`POST ${at('negotiations')}`, {
  params: ZConnectorParams,
  body: ZConsoleNegotiationRequest,
  answer: ZConsoleNegotiation,
  status: 201,
  summary: 'Negotiate an offer from another participant’s catalog (operators)',
  errors: DATASPACE_ERRORS,
});
export const consoleNegotiationTerminateEndpoint = consoleApi(`POST ${at('negotiations/:objectId/terminate')}`, {
  params: ZConsoleObjectParams,
  body: ZConsoleTerminateRequest,
  answer: z.null(),
  status: 204,
  summary: 'Terminate a negotiation with a reason (operators)',
  errors: DATASPACE_ERRORS,
});
export const consoleAgreementListEndpoint = consoleApi(`GET ${at('agreements')}`, {
  params: ZConnectorParams,
  answer: ZConsoleAgreementListResponse,
  summary: "A connector's contract agreements (operators)",
  errors: DATASPACE_ERRORS,
});
export const consoleTransferListEndpoint = consoleApi(`GET ${at('transfers')}`, {
  params: ZConnectorParams,
  answer: ZConsoleTransferListResponse,
  summary: "A connector's transfer processes (operators)",
  errors: DATASPACE_ERRORS,
});
export const consoleTransferStartEndpoint = consoleApi(`POST ${at('transfers')}`, {
  params: ZConnectorParams,
  body: ZConsoleTransferRequest,
  answer: ZConsoleTransfer,
  status: 201,
  summary: 'Start a transfer for an agreement (operators)',
  errors: DATASPACE_ERRORS,
});
export const consoleTransferTerminateEndpoint = consoleApi(`POST ${at('transfers/:objectId/terminate')}`, {
  params: ZConsoleObjectParams,
  body: ZConsoleTerminateRequest,
  answer: z.null(),
  status: 204,
  summary: 'Terminate a transfer with a reason (operators)',
  errors: DATASPACE_ERRORS,
});
export const consoleTransferDeprovisionEndpoint = consoleApi(`POST ${at('transfers/:objectId/deprovision')}`, {
  params: ZConsoleObjectParams,
  answer: z.null(),
  status: 204,
  summary: 'Deprovision a completed or terminated transfer (operators)',
  errors: DATASPACE_ERRORS,
});
export const consoleEdrListEndpoint = consoleApi(`GET ${at('edrs')}`, {
  params: ZConnectorParams,
  answer: ZConsoleEdrListResponse,
  summary: "A connector's EDRs (operators)",
  errors: DATASPACE_ERRORS,
});
export const consoleEdrDataEndpoint = consoleApi(`GET ${at('edrs/:objectId/data')}`, {
  params: ZConsoleObjectParams,
  answer: z.any().meta({ type: 'string', format: 'binary', description: 'The data' }),
  produces: ['application/octet-stream'],
  summary: "Download an EDR's data through the provider's public data plane (operators)",
  errors: DATASPACE_ERRORS,
});
export const consoleSecretCreateEndpoint = consoleApi(`POST ${at('secrets')}`, {
  params: ZConnectorParams,
  body: ZConsoleSecretCreateRequest,
  answer: ZConsoleSecret,
  status: 201,
  summary: "Store a secret in the connector's vault; the value is never shown back (operators)",
  errors: DATASPACE_ERRORS,
});
export const consoleSecretUpdateEndpoint = consoleApi(`PUT ${at('secrets/:objectId')}`, {
  params: ZConsoleObjectParams,
  body: ZConsoleSecretUpdateRequest,
  answer: ZConsoleSecret,
  summary: "Replace a secret's value (operators)",
  errors: DATASPACE_ERRORS,
});
export const consoleSecretDeleteEndpoint = consoleApi(`DELETE ${at('secrets/:objectId')}`, {
  params: ZConsoleObjectParams,
  answer: z.null(),
  status: 204,
  summary: 'Delete a secret (operators)',
  errors: DATASPACE_ERRORS,
});
