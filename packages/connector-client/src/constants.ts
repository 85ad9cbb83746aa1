/** The dataspace protocol the client names in catalog, negotiation and transfer requests. */
export const DATASPACE_PROTOCOL = 'dataspace-protocol-http';

/** The EDC vocabulary: plain property names in requests and responses live here. */
export const EDC_NAMESPACE = 'https://w3id.org/edc/v0.0.1/ns/';

/** The ODRL vocabulary used by policies. */
export const ODRL_NAMESPACE = 'http://www.w3.org/ns/odrl/2/';

/** The remote ODRL context that lets policies use plain ODRL terms (`permission`, `action`, `assigner`). */
export const ODRL_CONTEXT_URL = 'http://www.w3.org/ns/odrl.jsonld';

/** The JSON-LD context every Management API v3 request carries. */
export const EDC_CONTEXT = Object.freeze({ '@vocab': EDC_NAMESPACE, odrl: ODRL_NAMESPACE });

/** The JSON-LD context of the Management API v4: every v4 request names it in its `@context` list. */
export const MANAGEMENT_CONTEXT_V2 = 'https://w3id.org/edc/connector/management/v2';

/** The Management API versions the client speaks. */
export const MANAGEMENT_API_VERSIONS = ['v3', 'v4'] as const;

/** A Management API version the client speaks. */
export type ManagementApiVersionName = (typeof MANAGEMENT_API_VERSIONS)[number];

/**
 * Which Management API version a client speaks: one of them, or `auto` to ask the connector's version API for the
 * newest stable version the client knows.
 */
export type ManagementApiVersionChoice = ManagementApiVersionName | 'auto';

/** Every state of a contract negotiation, in the order EDC numbers them. */
export const NEGOTIATION_STATES = [
  'INITIAL',
  'REQUESTING',
  'REQUESTED',
  'OFFERING',
  'OFFERED',
  'ACCEPTING',
  'ACCEPTED',
  'AGREEING',
  'AGREED',
  'VERIFYING',
  'VERIFIED',
  'FINALIZING',
  'FINALIZED',
  'TERMINATING',
  'TERMINATED',
] as const;

/** A contract negotiation's state. */
export type NegotiationStateName = (typeof NEGOTIATION_STATES)[number];

declare const unknownState: unique symbol;

/**
 * A state name EDC does not define (a connector's own, or a misspelling such as `SUCCESSFULL`), kept as the connector
 * sent it. It is text, but no known state name: narrow with {@link isNegotiationStateName} or
 * {@link isTransferProcessStateName} before treating a state as one of EDC's.
 */
export type UnknownStateName = string & { readonly [unknownState]: true };

/** True when `state` is one of EDC's negotiation states. */
export function isNegotiationStateName(state: string): state is NegotiationStateName {
  return (NEGOTIATION_STATES as readonly string[]).includes(state);
}

/** Every state of a transfer process, in the order EDC numbers them. */
export const TRANSFER_PROCESS_STATES = [
  'INITIAL',
  'PROVISIONING',
  'PROVISIONING_REQUESTED',
  'PROVISIONED',
  'REQUESTING',
  'REQUESTED',
  'STARTING',
  'STARTED',
  'SUSPENDING',
  'SUSPENDED',
  'COMPLETING',
  'COMPLETED',
  'TERMINATING',
  'TERMINATED',
  'DEPROVISIONING',
  'DEPROVISIONING_REQUESTED',
  'DEPROVISIONED',
] as const;

/** A transfer process's state. */
export type TransferProcessStateName = (typeof TRANSFER_PROCESS_STATES)[number];

/** True when `state` is one of EDC's transfer process states. */
export function isTransferProcessStateName(state: string): state is TransferProcessStateName {
  return (TRANSFER_PROCESS_STATES as readonly string[]).includes(state);
}
