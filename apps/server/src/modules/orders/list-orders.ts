import type { TOrderListResponse } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { loadOrderBundles, pageOrderIds } from './orders-repository';
import { presentOrder } from './present-order';

export type TListOrdersOptions = { db: TDb; consumerId: string; index: number; pageSize: number };

/** One page of a buyer's orders, newest first, each with its lines and invoices. */
export async function listOrders(options: TListOrdersOptions): Promise<TOrderListResponse> {
  const { index, pageSize } = options;
  const page = await pageOrderIds(options.db, options.consumerId, { index, pageSize });
  const bundles = await loadOrderBundles(options.db, page.ids);
  return {
    index,
    pageSize,
    total: page.total,
    data: bundles.map((bundle) => presentOrder(bundle.order, bundle.items, bundle.invoices)),
  };
}
