import { orderListEndpoint } from '@dsm/contracts';
import { usePagedList } from './use-paged-list';

/** Orders per page of My orders. */
export const ORDERS_PAGE_SIZE = 10;

/** One page of the signed-in buyer's orders, newest first. */
export function useOrders(index: number) {
  return usePagedList('orders', orderListEndpoint, index, ORDERS_PAGE_SIZE);
}
