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
  type TEndpointDefinition,
} from '@dsm/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '../../shared/call-endpoint';

/** Assets per page of the console. */
export const CONSOLE_PAGE_SIZE = 20;

/** The endpoints of a connector's objects whose only path parameter besides the connector is the object's id. */
type TConsoleObjectEndpoint =
  | typeof consoleAssetDeleteEndpoint
  | typeof consoleContractDefinitionDeleteEndpoint
  | typeof consolePolicyDefinitionDeleteEndpoint;

/** What the console reads of a connector: `name` keys it below the connector, so every change reloads it. */
export function useConsoleQuery<TAnswer>(
  connectorId: string,
  name: string,
  endpoint: TEndpointDefinition & { params: z.ZodType<unknown, { connectorId: string }>; answer: z.ZodType<TAnswer> },
  refetchInterval?: (data: TAnswer | undefined) => number | false,
) {
  return useQuery({
    queryKey: ['console', connectorId, name],
    queryFn: ({ signal }) => callEndpoint(endpoint, { params: { connectorId }, signal }),
    refetchInterval: (query) => refetchInterval?.(query.state.data) ?? false,
  });
}

/** A change to a connector's objects; every list of the connector reloads after it. */
export function useConsoleChange<TVariables, TData>(
  connectorId: string,
  mutationFn: (variables: TVariables) => Promise<TData>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['console', connectorId] }),
  });
}

/** The four health checks of a connector. */
export function useConnectorHealth(connectorId: string) {
  return useConsoleQuery(connectorId, 'health', connectorHealthEndpoint);
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
  return useConsoleQuery(connectorId, 'policy-definitions', consolePolicyDefinitionListEndpoint);
}

/** A connector's contract definitions. */
export function useConsoleContractDefinitions(connectorId: string) {
  return useConsoleQuery(connectorId, 'contract-definitions', consoleContractDefinitionListEndpoint);
}

/** Creates and deletes a connector's assets, policy and contract definitions; the lists reload after each change. */
export function useConsoleChanges(connectorId: string) {
  const remove = (endpoint: TConsoleObjectEndpoint) => (objectId: string) =>
    callEndpoint(endpoint, { params: { connectorId, objectId } });
  return {
    createAsset: useConsoleChange(connectorId, (body: TConsoleAssetCreateRequest) =>
      callEndpoint(consoleAssetCreateEndpoint, { params: { connectorId }, body }),
    ),
    updateAsset: useConsoleChange(connectorId, ({ id, ...body }: TConsoleAssetUpdateRequest & { id: string }) =>
      callEndpoint(consoleAssetUpdateEndpoint, { params: { connectorId, objectId: id }, body }),
    ),
    deleteAsset: useConsoleChange(connectorId, remove(consoleAssetDeleteEndpoint)),
    createContractDefinition: useConsoleChange(connectorId, (body: TConsoleContractDefinitionCreateRequest) =>
      callEndpoint(consoleContractDefinitionCreateEndpoint, { params: { connectorId }, body }),
    ),
    deleteContractDefinition: useConsoleChange(connectorId, remove(consoleContractDefinitionDeleteEndpoint)),
    createPolicyDefinition: useConsoleChange(connectorId, (body: TConsolePolicyDefinitionCreateRequest) =>
      callEndpoint(consolePolicyDefinitionCreateEndpoint, { params: { connectorId }, body }),
    ),
    deletePolicyDefinition: useConsoleChange(connectorId, remove(consolePolicyDefinitionDeleteEndpoint)),
  };
}
