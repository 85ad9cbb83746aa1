import {
  addHarvestSourceEndpoint,
  listHarvestSourcesEndpoint,
  type THarvestSourceCreateRequest,
  ZHarvestRunResponse,
  ZHarvestSource,
  ZHarvestSourceListResponse,
} from '@dsm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../shared/api';

const SOURCES_KEY = ['harvest-sources'] as const;

const sourcePath = (id: string, suffix = '') => `/api/harvest/sources/${encodeURIComponent(id)}${suffix}`;

/** The harvest sources with their last run (operators). */
export function useHarvestSources() {
  return useQuery({
    queryKey: SOURCES_KEY,
    queryFn: ({ signal }) => apiFetch({ ...listHarvestSourcesEndpoint, schema: ZHarvestSourceListResponse, signal }),
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
    mutationFn: (body: THarvestSourceCreateRequest) =>
      apiFetch({ ...addHarvestSourceEndpoint, body, schema: ZHarvestSource }),
    onSuccess: reload,
  });
}

/** Removes a source (the server soft-deletes its offers). */
export function useRemoveHarvestSource() {
  const reload = useReloadSources();
  return useMutation({
    mutationFn: (id: string) => apiFetch({ method: 'DELETE', path: sourcePath(id), schema: z.unknown() }),
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
    mutationFn: (id: string) => apiFetch({ method: 'POST', path: sourcePath(id, '/run'), schema: ZHarvestRunResponse }),
    onSettled: reload,
  });
}
