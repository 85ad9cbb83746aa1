import {
  addHarvestSourceEndpoint,
  listHarvestSourcesEndpoint,
  removeHarvestSourceEndpoint,
  runHarvestSourceEndpoint,
  type THarvestSourceCreateRequest,
} from '@dsm/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/call-endpoint';
import { useEndpointQuery } from '../../shared/use-endpoint-query';
import { useReloadingMutation } from '../../shared/use-reloading-mutation';

const SOURCES_KEY = ['harvest-sources'] as const;

/** The harvest sources with their last run (operators). */
export function useHarvestSources() {
  return useEndpointQuery(SOURCES_KEY, listHarvestSourcesEndpoint);
}

/** Registers a source. */
export function useAddHarvestSource() {
  return useReloadingMutation(
    (body: THarvestSourceCreateRequest) => callEndpoint(addHarvestSourceEndpoint, { body }),
    [SOURCES_KEY],
  );
}

/** Removes a source (the server soft-deletes its offers). */
export function useRemoveHarvestSource() {
  return useReloadingMutation(
    (id: string) => callEndpoint(removeHarvestSourceEndpoint, { params: { id } }),
    [SOURCES_KEY],
  );
}

/**
 * Harvests one source now. One mutation per row, so several sources can run at once and each
 * button knows only its own run; the server answers when the run has finished.
 */
export function useRunHarvestSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(runHarvestSourceEndpoint, { params: { id } }),
    // A failed run is recorded on its source too, so the list reloads either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: SOURCES_KEY }),
  });
}
