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
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/call-endpoint';

/** How often running negotiations and transfers are asked about, for their live state. */
export const CONSOLE_POLL_MS = 1000;

const FINAL_STATES = new Set(['FINALIZED', 'TERMINATED', 'STARTED', 'COMPLETED', 'DEPROVISIONED', 'SUSPENDED']);
// A state EDC does not define says nothing of whether the process still moves: it is not polled for ever.
const isRunning = (process: TConsoleNegotiation | TConsoleTransfer) =>
  process.isStateKnown && !FINAL_STATES.has(process.state);

/** A connector's negotiations, polled while one of them runs. */
export function useConsoleNegotiations(connectorId: string) {
  return useQuery({
    queryKey: ['console', connectorId, 'negotiations'],
    queryFn: ({ signal }) => callEndpoint(consoleNegotiationListEndpoint, { params: { connectorId }, signal }),
    refetchInterval: (query) =>
      (query.state.data as TConsoleNegotiation[] | undefined)?.some(isRunning) ? CONSOLE_POLL_MS : false,
  });
}

/** A connector's agreements. */
export function useConsoleAgreements(connectorId: string) {
  return useQuery({
    queryKey: ['console', connectorId, 'agreements'],
    queryFn: ({ signal }) => callEndpoint(consoleAgreementListEndpoint, { params: { connectorId }, signal }),
  });
}

/** A connector's transfers, polled while one of them runs. */
export function useConsoleTransfers(connectorId: string) {
  return useQuery({
    queryKey: ['console', connectorId, 'transfers'],
    queryFn: ({ signal }) => callEndpoint(consoleTransferListEndpoint, { params: { connectorId }, signal }),
    refetchInterval: (query) =>
      (query.state.data as TConsoleTransfer[] | undefined)?.some(isRunning) ? CONSOLE_POLL_MS : false,
  });
}

/** A connector's EDRs. */
export function useConsoleEdrs(connectorId: string) {
  return useQuery({
    queryKey: ['console', connectorId, 'edrs'],
    queryFn: ({ signal }) => callEndpoint(consoleEdrListEndpoint, { params: { connectorId }, signal }),
  });
}

/** The console's data-space actions; every list of the connector reloads after one. */
export function useConsoleDataspace(connectorId: string) {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: ['console', connectorId] });
  return {
    requestCatalog: useMutation({
      mutationFn: (body: TConsoleCatalogRequest) =>
        callEndpoint(consoleCatalogEndpoint, { params: { connectorId }, body }),
    }),
    startNegotiation: useMutation({
      mutationFn: (body: TConsoleNegotiationRequest) =>
        callEndpoint(consoleNegotiationStartEndpoint, { params: { connectorId }, body }),
      onSuccess: reload,
    }),
    terminateNegotiation: useMutation({
      mutationFn: ({ id, reason }: { id: string; reason: string }) =>
        callEndpoint(consoleNegotiationTerminateEndpoint, {
          params: { connectorId, objectId: id },
          body: { reason },
        }),
      onSuccess: reload,
    }),
    startTransfer: useMutation({
      mutationFn: (body: TConsoleTransferRequest) =>
        callEndpoint(consoleTransferStartEndpoint, { params: { connectorId }, body }),
      onSuccess: reload,
    }),
    terminateTransfer: useMutation({
      mutationFn: ({ id, reason }: { id: string; reason: string }) =>
        callEndpoint(consoleTransferTerminateEndpoint, { params: { connectorId, objectId: id }, body: { reason } }),
      onSuccess: reload,
    }),
    deprovisionTransfer: useMutation({
      mutationFn: (id: string) =>
        callEndpoint(consoleTransferDeprovisionEndpoint, { params: { connectorId, objectId: id } }),
      onSuccess: reload,
    }),
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
