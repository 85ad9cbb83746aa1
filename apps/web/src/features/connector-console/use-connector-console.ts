import {
  connectorHealthEndpoint,
  consoleAssetCreateEndpoint,
  consoleAssetDeleteEndpoint,
  consoleAssetListEndpoint,
  consoleAssetUpdateEndpoint,
  consoleContractDefinitionCreateEndpoint,
  consoleContractDefinitionDeleteEndpoint,
  consoleContractDefinitionListEndpoint,
  consolePolicyDefinitionCreateEndpoint,
  consolePolicyDefinitionDeleteEndpoint,
  consolePolicyDefinitionListEndpoint,
  type TConsoleAssetCreateRequest,
  type TConsoleAssetUpdateRequest,
  type TConsoleContractDefinitionCreateRequest,
  type TConsolePolicyDefinitionCreateRequest,
} from '@dsm/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/call-endpoint';

/** Assets per page of the console. */
export const CONSOLE_PAGE_SIZE = 20;

/** The four health checks of a connector. */
export function useConnectorHealth(connectorId: string) {
  return useQuery({
    queryKey: ['console', connectorId, 'health'],
    queryFn: ({ signal }) => callEndpoint(connectorHealthEndpoint, { params: { connectorId }, signal }),
  });
}

/** One page of a connector's assets whose id contains the filter text. */
export function useConsoleAssets(connectorId: string, page: number, filter: string) {
  return useQuery({
    queryKey: ['console', connectorId, 'assets', page, filter],
    queryFn: ({ signal }) =>
      callEndpoint(consoleAssetListEndpoint, {
        params: { connectorId },
        query: { offset: page * CONSOLE_PAGE_SIZE, limit: CONSOLE_PAGE_SIZE, ...(filter ? { filter } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** A connector's policy definitions. */
export function useConsolePolicyDefinitions(connectorId: string) {
  return useQuery({
    queryKey: ['console', connectorId, 'policy-definitions'],
    queryFn: ({ signal }) => callEndpoint(consolePolicyDefinitionListEndpoint, { params: { connectorId }, signal }),
  });
}

/** A connector's contract definitions. */
export function useConsoleContractDefinitions(connectorId: string) {
  return useQuery({
    queryKey: ['console', connectorId, 'contract-definitions'],
    queryFn: ({ signal }) => callEndpoint(consoleContractDefinitionListEndpoint, { params: { connectorId }, signal }),
  });
}

/** Creates and deletes a connector's assets, policy and contract definitions; the lists reload after each change. */
export function useConsoleChanges(connectorId: string) {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: ['console', connectorId] });
  const createAsset = useMutation({
    mutationFn: (body: TConsoleAssetCreateRequest) =>
      callEndpoint(consoleAssetCreateEndpoint, { params: { connectorId }, body }),
    onSuccess: reload,
  });
  const updateAsset = useMutation({
    mutationFn: ({ id, ...body }: TConsoleAssetUpdateRequest & { id: string }) =>
      callEndpoint(consoleAssetUpdateEndpoint, { params: { connectorId, objectId: id }, body }),
    onSuccess: reload,
  });
  const deleteAsset = useMutation({
    mutationFn: (assetId: string) =>
      callEndpoint(consoleAssetDeleteEndpoint, { params: { connectorId, objectId: assetId } }),
    onSuccess: reload,
  });
  const createContractDefinition = useMutation({
    mutationFn: (body: TConsoleContractDefinitionCreateRequest) =>
      callEndpoint(consoleContractDefinitionCreateEndpoint, { params: { connectorId }, body }),
    onSuccess: reload,
  });
  const deleteContractDefinition = useMutation({
    mutationFn: (definitionId: string) =>
      callEndpoint(consoleContractDefinitionDeleteEndpoint, { params: { connectorId, objectId: definitionId } }),
    onSuccess: reload,
  });
  const createPolicyDefinition = useMutation({
    mutationFn: (body: TConsolePolicyDefinitionCreateRequest) =>
      callEndpoint(consolePolicyDefinitionCreateEndpoint, { params: { connectorId }, body }),
    onSuccess: reload,
  });
  const deletePolicyDefinition = useMutation({
    mutationFn: (definitionId: string) =>
      callEndpoint(consolePolicyDefinitionDeleteEndpoint, { params: { connectorId, objectId: definitionId } }),
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
