import { acquisitionListEndpoint, type TAcquisitionListResponse } from '@dsm/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callEndpoint } from '../../shared/call-endpoint';
import { useDemoMode } from '../../shared/DemoModeProvider';
import { applyDemoMode } from '../../shared/offer/apply-demo-mode';

/** The offers the signed-in user acquired, latest first. */
export function useAcquisitions() {
  const { isDemoMode } = useDemoMode();
  const select = useCallback(
    (list: TAcquisitionListResponse) =>
      list.map((entry) => ({ ...entry, offer: applyDemoMode(entry.offer, isDemoMode) })),
    [isDemoMode],
  );
  return useQuery({
    queryKey: ['acquisitions'],
    queryFn: ({ signal }) => callEndpoint(acquisitionListEndpoint, { signal }),
    select,
  });
}
