import {
  acquisitionUsageEndpoint,
  cancelSubscriptionEndpoint,
  cancelSubscriptionPath,
  salesUsageEndpoint,
  ZEntitlementUsage,
} from '@dsm/contracts';
import { apiFetch } from '../../shared/api';
import { useEndpointQuery } from '../../shared/use-endpoint-query';
import { useReloadingMutation } from '../../shared/use-reloading-mutation';

/** The signed-in buyer's entitlements with this month's usage and cost so far. */
export function useAcquisitionUsage() {
  return useEndpointQuery(['usage', 'acquisitions'], acquisitionUsageEndpoint);
}

/** This month's usage of the offers the signed-in user sells. */
export function useSalesUsage() {
  return useEndpointQuery(['usage', 'sales'], salesUsageEndpoint);
}

/** Cancels a subscription (by its entitlement id); the usage and the acquisitions reload. */
export function useCancelSubscription() {
  return useReloadingMutation(
    (entitlementId: string) =>
      apiFetch({
        method: cancelSubscriptionEndpoint.method,
        path: cancelSubscriptionPath(entitlementId),
        schema: ZEntitlementUsage,
      }),
    [['usage'], ['acquisitions']],
  );
}
