import { orderListEndpoint, pagedPath, ZOrderListResponse } from '@dsm/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../shared/api';

/** Orders per page of My orders. */
export const ORDERS_PAGE_SIZE = 10;

/** One page of the signed-in buyer's orders, newest first. */
export function useOrders(index: number) {
  const path = pagedPath(orderListEndpoint.path, index, ORDERS_PAGE_SIZE);
  return useQuery({
    queryKey: ['orders', index],
    queryFn: ({ signal }) => apiFetch({ method: orderListEndpoint.method, path, schema: ZOrderListResponse, signal }),
    placeholderData: keepPreviousData,
  });
}
