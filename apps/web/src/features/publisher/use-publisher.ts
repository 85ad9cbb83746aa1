import { ZPublisher } from '@dsm/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../shared/api';

/** One publisher by its encoded id (the `{id}` of `/publisher/{id}`); a missing one fails with 404 at once. */
export function usePublisher(encodedId: string) {
  return useQuery({
    queryKey: ['publisher', encodedId],
    queryFn: ({ signal }) =>
      apiFetch({
        method: 'GET',
        path: `/api/publishers/${encodeURIComponent(encodedId)}`,
        schema: ZPublisher,
        signal,
      }),
    retry: (failureCount, error) => {
      const status = (error as { status?: number }).status ?? 0;
      return failureCount < 1 && !(status >= 400 && status < 500);
    },
  });
}
