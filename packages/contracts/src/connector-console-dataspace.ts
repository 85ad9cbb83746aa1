import { z } from 'zod';
import { ZConsoleObjectId } from './connector-console';
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

/** A contract negotiation as the console lists it. */
export const ZConsoleNegotiation = z.object({
  id: z.string(),
  type: z.enum(['CONSUMER', 'PROVIDER']),
  /** The state as the connector sent it. */
  state: z.string(),
  /** False when the state is none EDC defines (a connector's own, or a misspelling such as `SUCCESSFULL`). */
  isStateKnown: z.boolean(),
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
export const ZConsoleTransfer = z.object({
  id: z.string(),
  type: z.enum(['CONSUMER', 'PROVIDER']),
  /** The state as the connector sent it. */
  state: z.string(),
  /** False when the state is none EDC defines (a connector's own, or a misspelling such as `SUCCESSFULL`). */
  isStateKnown: z.boolean(),
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

const at = (suffix: string) => `/api/connectors/:connectorId/${suffix}`;
export const consoleCatalogEndpoint = { method: 'POST', path: at('catalog') } as const;
export const consoleNegotiationListEndpoint = { method: 'GET', path: at('negotiations') } as const;
export const consoleNegotiationStartEndpoint = { method: 'POST', path: at('negotiations') } as const;
export const consoleNegotiationTerminateEndpoint = {
  method: 'POST',
  path: at('negotiations/:objectId/terminate'),
} as const;
export const consoleAgreementListEndpoint = { method: 'GET', path: at('agreements') } as const;
export const consoleTransferListEndpoint = { method: 'GET', path: at('transfers') } as const;
export const consoleTransferStartEndpoint = { method: 'POST', path: at('transfers') } as const;
export const consoleTransferTerminateEndpoint = { method: 'POST', path: at('transfers/:objectId/terminate') } as const;
export const consoleTransferDeprovisionEndpoint = {
  method: 'POST',
  path: at('transfers/:objectId/deprovision'),
} as const;
export const consoleEdrListEndpoint = { method: 'GET', path: at('edrs') } as const;
export const consoleEdrDataEndpoint = { method: 'GET', path: at('edrs/:objectId/data') } as const;
export const consoleSecretCreateEndpoint = { method: 'POST', path: at('secrets') } as const;
export const consoleSecretUpdateEndpoint = { method: 'PUT', path: at('secrets/:objectId') } as const;
export const consoleSecretDeleteEndpoint = { method: 'DELETE', path: at('secrets/:objectId') } as const;
