import { apiKeysPath, ZApiKey, ZApiKeyIssued, ZApiKeyListResponse } from '@dsm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../shared/api';

const keysQuery = (offerId: string) => ['api-keys', offerId] as const;

/** The buyer's API keys of an acquired Api offer, and the gateway URL to call it at. */
export function useApiKeys(offerId: string) {
  return useQuery({
    queryKey: keysQuery(offerId),
    queryFn: ({ signal }) =>
      apiFetch({ method: 'GET', path: apiKeysPath(offerId), schema: ZApiKeyListResponse, signal }),
  });
}

/** Creates the buyer's key, or rotates one (`keyId`); the answer holds the key, shown this once. */
export function useIssueApiKey(offerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string | null) =>
      apiFetch({
        method: 'POST',
        path: keyId ? `${apiKeysPath(offerId)}/${encodeURIComponent(keyId)}/rotate` : apiKeysPath(offerId),
        schema: ZApiKeyIssued,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keysQuery(offerId) }),
  });
}

/** Revokes one of the buyer's keys for good. */
export function useRevokeApiKey(offerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) =>
      apiFetch({ method: 'DELETE', path: `${apiKeysPath(offerId)}/${encodeURIComponent(keyId)}`, schema: ZApiKey }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keysQuery(offerId) }),
  });
}
