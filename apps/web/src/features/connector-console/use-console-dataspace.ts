import {
  consoleAgreementListEndpoint,
  consoleCatalogEndpoint,
  consoleEdrListEndpoint,
  consoleNegotiationListEndpoint,
  consoleNegotiationStartEndpoint,
  consoleNegotiationTerminateEndpoint,
  consoleSecretCreateEndpoint,
  consoleSecretDeleteEndpoint,
  consoleSecretUpdateEndpoint,
  consoleTransferDeprovisionEndpoint,
  consoleTransferListEndpoint,
  consoleTransferStartEndpoint,
  consoleTransferTerminateEndpoint,
  type TConsoleCatalogRequest,
  type TConsoleNegotiation,
  type TConsoleNegotiationRequest,
  type TConsoleTransfer,
  type TConsoleTransferRequest,
} from '@dsm/contracts';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/call-endpoint';
import { useConsoleChange, useConsoleQuery } from './use-connector-console';

/** How often running negotiations and transfers are asked about, for their live state. */
export const CONSOLE_POLL_MS = 1000;

const FINAL_STATES = new Set(['FINALIZED', 'TERMINATED', 'STARTED', 'COMPLETED', 'DEPROVISIONED', 'SUSPENDED']);
// A state EDC does not define says nothing of whether the process still moves: it is not polled for ever.
const isRunning = (process: TConsoleNegotiation | TConsoleTransfer) =>
  process.isStateKnown && !FINAL_STATES.has(process.state);
const pollWhileRunning = (processes: readonly (TConsoleNegotiation | TConsoleTransfer)[] | undefined) =>
  processes?.some(isRunning) ? CONSOLE_POLL_MS : false;

/** A connector's negotiations, polled while one of them runs. */
export function useConsoleNegotiations(connectorId: string) {
  return useConsoleQuery(connectorId, 'negotiations', consoleNegotiationListEndpoint, pollWhileRunning);
}

/** A connector's agreements. */
export function useConsoleAgreements(connectorId: string) {
  return useConsoleQuery(connectorId, 'agreements', consoleAgreementListEndpoint);
}

/** A connector's transfers, polled while one of them runs. */
export function useConsoleTransfers(connectorId: string) {
  return useConsoleQuery(connectorId, 'transfers', consoleTransferListEndpoint, pollWhileRunning);
}

/** A connector's EDRs. */
export function useConsoleEdrs(connectorId: string) {
  return useConsoleQuery(connectorId, 'edrs', consoleEdrListEndpoint);
}

/** The console's data-space actions; every list of the connector reloads after one. */
export function useConsoleDataspace(connectorId: string) {
  return {
    requestCatalog: useMutation({
      mutationFn: (body: TConsoleCatalogRequest) =>
        callEndpoint(consoleCatalogEndpoint, { params: { connectorId }, body }),
    }),
    startNegotiation: useConsoleChange(connectorId, (body: TConsoleNegotiationRequest) =>
      callEndpoint(consoleNegotiationStartEndpoint, { params: { connectorId }, body }),
    ),
    terminateNegotiation: useConsoleChange(connectorId, ({ id, reason }: { id: string; reason: string }) =>
      callEndpoint(consoleNegotiationTerminateEndpoint, { params: { connectorId, objectId: id }, body: { reason } }),
    ),
    startTransfer: useConsoleChange(connectorId, (body: TConsoleTransferRequest) =>
      callEndpoint(consoleTransferStartEndpoint, { params: { connectorId }, body }),
    ),
    terminateTransfer: useConsoleChange(connectorId, ({ id, reason }: { id: string; reason: string }) =>
      callEndpoint(consoleTransferTerminateEndpoint, { params: { connectorId, objectId: id }, body: { reason } }),
    ),
    deprovisionTransfer: useConsoleChange(connectorId, (id: string) =>
      callEndpoint(consoleTransferDeprovisionEndpoint, { params: { connectorId, objectId: id } }),
    ),
    saveSecret: useMutation({
      mutationFn: ({ id, value, isNew }: { id: string; value: string; isNew: boolean }) =>
        isNew
          ? callEndpoint(consoleSecretCreateEndpoint, { params: { connectorId }, body: { id, value } })
          : callEndpoint(consoleSecretUpdateEndpoint, { params: { connectorId, objectId: id }, body: { value } }),
    }),
    deleteSecret: useMutation({
      mutationFn: (id: string) => callEndpoint(consoleSecretDeleteEndpoint, { params: { connectorId, objectId: id } }),
    }),
  };
}
