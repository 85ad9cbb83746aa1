import {
  addHarvestSourceEndpoint,
  listHarvestSourcesEndpoint,
  removeHarvestSourceEndpoint,
  runHarvestSourceEndpoint,
  type THarvestSourceCreateRequest,
} from '@dsm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/call-endpoint';

const SOURCES_KEY = ['harvest-sources'] as const;

/** The harvest sources with their last run (operators). */
export function useHarvestSources() {
  return useQuery({
    queryKey: SOURCES_KEY,
    queryFn: ({ signal }) => callEndpoint(listHarvestSourcesEndpoint, { signal }),
  });
}

/** Reloads the sources list; called after any change, also after a failed one (a run records its failure). */
function useReloadSources() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: SOURCES_KEY });
}

/** Registers a source. */
export function useAddHarvestSource() {
  const reload = useReloadSources();
  return useMutation({
    mutationFn: (body: THarvestSourceCreateRequest) => callEndpoint(addHarvestSourceEndpoint, { body }),
    onSuccess: reload,
  });
}

/** Removes a source (the server soft-deletes its offers). */
export function useRemoveHarvestSource() {
  const reload = useReloadSources();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(removeHarvestSourceEndpoint, { params: { id } }),
    onSuccess: reload,
  });
}

/**
 * Harvests one source now. One mutation per row, so several sources can run at once and each
 * button knows only its own run; the server answers when the run has finished.
 */
export function useRunHarvestSource() {
  const reload = useReloadSources();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(runHarvestSourceEndpoint, { params: { id } }),
    onSettled: reload,
  });
}
