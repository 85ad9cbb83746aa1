import {
  consolePath,
  type TConsoleCatalogRequest,
  type TConsoleNegotiation,
  type TConsoleNegotiationRequest,
  type TConsoleTransfer,
  type TConsoleTransferRequest,
  ZConsoleAgreementListResponse,
  ZConsoleCatalogResponse,
  ZConsoleEdrListResponse,
  ZConsoleNegotiation,
  ZConsoleNegotiationListResponse,
  ZConsoleSecret,
  ZConsoleTransfer,
  ZConsoleTransferListResponse,
} from '@dsm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../shared/api';

/** How often running negotiations and transfers are asked about, for their live state. */
export const CONSOLE_POLL_MS = 1000;

const FINAL_STATES = new Set(['FINALIZED', 'TERMINATED', 'STARTED', 'COMPLETED', 'DEPROVISIONED', 'SUSPENDED']);
// A state EDC does not define says nothing of whether the process still moves: it is not polled for ever.
const isRunning = (process: TConsoleNegotiation | TConsoleTransfer) =>
  process.isStateKnown && !FINAL_STATES.has(process.state);
const ZNoContent = z.unknown();

/** A connector's negotiations, polled while one of them runs. */
export function useConsoleNegotiations(connectorId: string) {
  return useQuery({
    queryKey: ['console', connectorId, 'negotiations'],
    queryFn: ({ signal }) =>
      apiFetch({
        method: 'GET',
        path: consolePath(connectorId, 'negotiations'),
        schema: ZConsoleNegotiationListResponse,
        signal,
      }),
    refetchInterval: (query) =>
      (query.state.data as TConsoleNegotiation[] | undefined)?.some(isRunning) ? CONSOLE_POLL_MS : false,
  });
}

/** A connector's agreements. */
export function useConsoleAgreements(connectorId: string) {
  return useQuery({
    queryKey: ['console', connectorId, 'agreements'],
    queryFn: ({ signal }) =>
      apiFetch({
        method: 'GET',
        path: consolePath(connectorId, 'agreements'),
        schema: ZConsoleAgreementListResponse,
        signal,
      }),
  });
}

/** A connector's transfers, polled while one of them runs. */
export function useConsoleTransfers(connectorId: string) {
  return useQuery({
    queryKey: ['console', connectorId, 'transfers'],
    queryFn: ({ signal }) =>
      apiFetch({
        method: 'GET',
        path: consolePath(connectorId, 'transfers'),
        schema: ZConsoleTransferListResponse,
        signal,
      }),
    refetchInterval: (query) =>
      (query.state.data as TConsoleTransfer[] | undefined)?.some(isRunning) ? CONSOLE_POLL_MS : false,
  });
}

/** A connector's EDRs. */
export function useConsoleEdrs(connectorId: string) {
  return useQuery({
    queryKey: ['console', connectorId, 'edrs'],
    queryFn: ({ signal }) =>
      apiFetch({ method: 'GET', path: consolePath(connectorId, 'edrs'), schema: ZConsoleEdrListResponse, signal }),
  });
}

/** The console's data-space actions; every list of the connector reloads after one. */
export function useConsoleDataspace(connectorId: string) {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: ['console', connectorId] });
  const post = <T extends z.ZodType>(path: string, body: unknown, schema: T) =>
    apiFetch({ method: 'POST', path, body, schema });
  return {
    requestCatalog: useMutation({
      mutationFn: (body: TConsoleCatalogRequest) =>
        post(consolePath(connectorId, 'catalog'), body, ZConsoleCatalogResponse),
    }),
    startNegotiation: useMutation({
      mutationFn: (body: TConsoleNegotiationRequest) =>
        post(consolePath(connectorId, 'negotiations'), body, ZConsoleNegotiation),
      onSuccess: reload,
    }),
    terminateNegotiation: useMutation({
      mutationFn: ({ id, reason }: { id: string; reason: string }) =>
        post(consolePath(connectorId, 'negotiations', id, 'terminate'), { reason }, ZNoContent),
      onSuccess: reload,
    }),
    startTransfer: useMutation({
      mutationFn: (body: TConsoleTransferRequest) =>
        post(consolePath(connectorId, 'transfers'), body, ZConsoleTransfer),
      onSuccess: reload,
    }),
    terminateTransfer: useMutation({
      mutationFn: ({ id, reason }: { id: string; reason: string }) =>
        post(consolePath(connectorId, 'transfers', id, 'terminate'), { reason }, ZNoContent),
      onSuccess: reload,
    }),
    deprovisionTransfer: useMutation({
      mutationFn: (id: string) => post(consolePath(connectorId, 'transfers', id, 'deprovision'), undefined, ZNoContent),
      onSuccess: reload,
    }),
    saveSecret: useMutation({
      mutationFn: ({ id, value, isNew }: { id: string; value: string; isNew: boolean }) =>
        isNew
          ? post(consolePath(connectorId, 'secrets'), { id, value }, ZConsoleSecret)
          : apiFetch({
              method: 'PUT',
              path: consolePath(connectorId, 'secrets', id),
              body: { value },
              schema: ZConsoleSecret,
            }),
    }),
    deleteSecret: useMutation({
      mutationFn: (id: string) =>
        apiFetch({ method: 'DELETE', path: consolePath(connectorId, 'secrets', id), schema: ZNoContent }),
    }),
  };
}
