import {
  consolePath,
  type TConsoleAssetCreateRequest,
  type TConsoleAssetUpdateRequest,
  type TConsoleContractDefinitionCreateRequest,
  type TConsolePolicyDefinitionCreateRequest,
  ZConnectorHealthResponse,
  ZConsoleAsset,
  ZConsoleAssetListResponse,
  ZConsoleContractDefinition,
  ZConsoleContractDefinitionListResponse,
  ZConsolePolicyDefinition,
  ZConsolePolicyDefinitionListResponse,
} from '@dsm/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../shared/api';

/** Assets per page of the console. */
export const CONSOLE_PAGE_SIZE = 20;

/** A delete answers 204 without a body. */
const ZNoContent = z.unknown();

/** The four health checks of a connector. */
export function useConnectorHealth(connectorId: string) {
  return useQuery({
    queryKey: ['console', connectorId, 'health'],
    queryFn: ({ signal }) =>
      apiFetch({ method: 'GET', path: consolePath(connectorId, 'health'), schema: ZConnectorHealthResponse, signal }),
  });
}

/** One page of a connector's assets whose id contains the filter text. */
export function useConsoleAssets(connectorId: string, page: number, filter: string) {
  const query = new URLSearchParams({
    offset: String(page * CONSOLE_PAGE_SIZE),
    limit: String(CONSOLE_PAGE_SIZE),
    ...(filter ? { filter } : {}),
  });
  return useQuery({
    queryKey: ['console', connectorId, 'assets', page, filter],
    queryFn: ({ signal }) =>
      apiFetch({
        method: 'GET',
        path: `${consolePath(connectorId, 'assets')}?${query}`,
        schema: ZConsoleAssetListResponse,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** A connector's policy definitions. */
export function useConsolePolicyDefinitions(connectorId: string) {
  return useQuery({
    queryKey: ['console', connectorId, 'policy-definitions'],
    queryFn: ({ signal }) =>
      apiFetch({
        method: 'GET',
        path: consolePath(connectorId, 'policy-definitions'),
        schema: ZConsolePolicyDefinitionListResponse,
        signal,
      }),
  });
}

/** A connector's contract definitions. */
export function useConsoleContractDefinitions(connectorId: string) {
  return useQuery({
    queryKey: ['console', connectorId, 'contract-definitions'],
    queryFn: ({ signal }) =>
      apiFetch({
        method: 'GET',
        path: consolePath(connectorId, 'contract-definitions'),
        schema: ZConsoleContractDefinitionListResponse,
        signal,
      }),
  });
}

/** Creates and deletes a connector's assets, policy and contract definitions; the lists reload after each change. */
export function useConsoleChanges(connectorId: string) {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: ['console', connectorId] });
  const createAsset = useMutation({
    mutationFn: (body: TConsoleAssetCreateRequest) =>
      apiFetch({ method: 'POST', path: consolePath(connectorId, 'assets'), body, schema: ZConsoleAsset }),
    onSuccess: reload,
  });
  const updateAsset = useMutation({
    mutationFn: ({ id, ...body }: TConsoleAssetUpdateRequest & { id: string }) =>
      apiFetch({ method: 'PUT', path: consolePath(connectorId, 'assets', id), body, schema: ZConsoleAsset }),
    onSuccess: reload,
  });
  const deleteAsset = useMutation({
    mutationFn: (assetId: string) =>
      apiFetch({ method: 'DELETE', path: consolePath(connectorId, 'assets', assetId), schema: ZNoContent }),
    onSuccess: reload,
  });
  const createContractDefinition = useMutation({
    mutationFn: (body: TConsoleContractDefinitionCreateRequest) =>
      apiFetch({
        method: 'POST',
        path: consolePath(connectorId, 'contract-definitions'),
        body,
        schema: ZConsoleContractDefinition,
      }),
    onSuccess: reload,
  });
  const deleteContractDefinition = useMutation({
    mutationFn: (definitionId: string) =>
      apiFetch({
        method: 'DELETE',
        path: consolePath(connectorId, 'contract-definitions', definitionId),
        schema: ZNoContent,
      }),
    onSuccess: reload,
  });
  const createPolicyDefinition = useMutation({
    mutationFn: (body: TConsolePolicyDefinitionCreateRequest) =>
      apiFetch({
        method: 'POST',
        path: consolePath(connectorId, 'policy-definitions'),
        body,
        schema: ZConsolePolicyDefinition,
      }),
    onSuccess: reload,
  });
  const deletePolicyDefinition = useMutation({
    mutationFn: (definitionId: string) =>
      apiFetch({
        method: 'DELETE',
        path: consolePath(connectorId, 'policy-definitions', definitionId),
        schema: ZNoContent,
      }),
    onSuccess: reload,
  });
  return {
    createAsset,
    updateAsset,
    deleteAsset,
    createContractDefinition,
    deleteContractDefinition,
    createPolicyDefinition,
    deletePolicyDefinition,
  };
}
