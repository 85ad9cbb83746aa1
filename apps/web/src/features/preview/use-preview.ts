import { previewPath, ZPreview } from '@dsm/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../shared/api';

/** The preview of one endpoint of an offer; not asked for while `isEnabled` is false (a locked endpoint). */
export function usePreview(offerId: string, endpoint: number | null, isEnabled: boolean) {
  return useQuery({
    queryKey: ['preview', offerId, endpoint],
    queryFn: ({ signal }) =>
      apiFetch({ method: 'GET', path: previewPath(offerId, endpoint ?? 0), schema: ZPreview, signal }),
    enabled: isEnabled && endpoint !== null,
    // The server caches the source for minutes; the page need not ask again while it is open.
    staleTime: 5 * 60_000,
    retry: false,
  });
}
