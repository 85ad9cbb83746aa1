import { likedIdsEndpoint, likeEndpoint, type TLikeResponse, type TMetadataItem, unlikeEndpoint } from '@dsm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlert } from '../../shared/AlertProvider';
import { callEndpoint } from '../../shared/call-endpoint';
import { errorMessage } from '../../shared/error-message';

/** Query key of the signed-in user's liked ids. */
export const LIKED_IDS_KEY = ['likes'] as const;

const NO_IDS: readonly string[] = [];

/** The ids of the offers the signed-in user likes, most recent first; empty while loading. */
export function useLikedIds() {
  const query = useQuery({
    queryKey: LIKED_IDS_KEY,
    queryFn: ({ signal }) => callEndpoint(likedIdsEndpoint, { signal }),
  });
  return { ...query, ids: query.data ?? NO_IDS };
}

/** Likes or unlikes an offer; `isLiked` is what the user wants it to be. */
export type TToggleLike = (change: { id: string; isLiked: boolean }) => void;

/**
 * Likes and unlikes. As in the reference, a like is sent only when the offer is not in the liked
 * list and an unlike only when it is, and the list is reloaded after each change. The heart turns
 * at once; a failure turns it back and says why.
 */
export function useToggleLike(): TToggleLike {
  const queryClient = useQueryClient();
  const showAlert = useAlert();
  const { t } = useTranslation();
  const { mutate } = useMutation({
    mutationFn: async ({ id, isLiked }: { id: string; isLiked: boolean }): Promise<TLikeResponse> => {
      const call = { query: { uuid: id } };
      return isLiked ? callEndpoint(likeEndpoint, call) : callEndpoint(unlikeEndpoint, call);
    },
    onMutate: async ({ id, isLiked }) => {
      await queryClient.cancelQueries({ queryKey: LIKED_IDS_KEY });
      const previous = queryClient.getQueryData<string[]>(LIKED_IDS_KEY);
      queryClient.setQueryData<string[]>(LIKED_IDS_KEY, (ids = []) =>
        isLiked ? [id, ...ids.filter((known) => known !== id)] : ids.filter((known) => known !== id),
      );
      return { previous };
    },
    onSuccess: (response) => {
      // The details page shows the count; it comes with the answer, so no reload is needed for it.
      queryClient.setQueryData<TMetadataItem>(['metadata', response.uuid], (item) =>
        item ? { ...item, likes: response.likes } : item,
      );
    },
    onError: (error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(LIKED_IDS_KEY, context.previous);
      showAlert(errorMessage(error, t), { type: 'error' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: LIKED_IDS_KEY }),
  });
  return useCallback<TToggleLike>(
    (change) => {
      const liked = queryClient.getQueryData<string[]>(LIKED_IDS_KEY) ?? [];
      if (change.isLiked === liked.includes(change.id)) return;
      mutate(change);
    },
    [queryClient, mutate],
  );
}
