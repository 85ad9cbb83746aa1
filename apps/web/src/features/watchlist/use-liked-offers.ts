import { MAX_BATCH_IDS, metadataBatchPath, type TMetadataItem, ZMetadataBatchResponse } from '@dsm/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiFetch } from '../../shared/api';
import { useDemoMode } from '../../shared/DemoModeProvider';
import { applyDemoMode } from '../../shared/offer/apply-demo-mode';
import { useLikedIds } from './use-likes';

/** Fetches items in batches the API accepts; no call at all for no ids, as in the reference. */
async function fetchBatches(ids: readonly string[], signal: AbortSignal): Promise<TMetadataItem[]> {
  const batches: string[][] = [];
  for (let start = 0; start < ids.length; start += MAX_BATCH_IDS) batches.push(ids.slice(start, start + MAX_BATCH_IDS));
  const answers = await Promise.all(
    batches.map((batch) => {
      const path = metadataBatchPath(batch);
      return path ? apiFetch({ method: 'GET', path, schema: ZMetadataBatchResponse, signal }) : [];
    }),
  );
  return answers.flat();
}

/**
 * The signed-in user's liked offers, most recently liked first. An unliked offer leaves the list
 * at once, before the list is fetched again.
 */
export function useLikedOffers() {
  const liked = useLikedIds();
  const { isDemoMode } = useDemoMode();
  const items = useQuery({
    queryKey: ['metadata-batch', liked.ids],
    queryFn: ({ signal }) => fetchBatches(liked.ids, signal),
    enabled: liked.isSuccess,
    placeholderData: keepPreviousData,
  });
  const offers = useMemo(() => {
    if (!items.data) return undefined;
    const byId = new Map(items.data.map((item) => [item['@id'], item]));
    return liked.ids.flatMap((id) => {
      const item = byId.get(id);
      return item ? [applyDemoMode(item, isDemoMode)] : [];
    });
  }, [items.data, liked.ids, isDemoMode]);
  return {
    offers,
    likedIds: liked.ids,
    isError: liked.isError || items.isError,
    error: liked.error ?? items.error,
    refetch: () => void (liked.isError ? liked.refetch() : items.refetch()),
  };
}
