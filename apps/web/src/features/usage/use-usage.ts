import {
  acquisitionUsageEndpoint,
  cancelSubscriptionEndpoint,
  cancelSubscriptionPath,
  salesUsageEndpoint,
  ZEntitlementUsage,
} from '@dsm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../shared/api';
import { callEndpoint } from '../../shared/call-endpoint';

/** The signed-in buyer's entitlements with this month's usage and cost so far. */
export function useAcquisitionUsage() {
  return useQuery({
    queryKey: ['usage', 'acquisitions'],
    queryFn: ({ signal }) => callEndpoint(acquisitionUsageEndpoint, { signal }),
  });
}

/** This month's usage of the offers the signed-in user sells. */
export function useSalesUsage() {
  return useQuery({
    queryKey: ['usage', 'sales'],
    queryFn: ({ signal }) => callEndpoint(salesUsageEndpoint, { signal }),
  });
}

/** Cancels a subscription (by its entitlement id); the usage and the acquisitions reload. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entitlementId: string) =>
      apiFetch({
        method: cancelSubscriptionEndpoint.method,
        path: cancelSubscriptionPath(entitlementId),
        schema: ZEntitlementUsage,
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['usage'] });
      void queryClient.invalidateQueries({ queryKey: ['acquisitions'] });
    },
  });
}
