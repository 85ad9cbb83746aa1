import { ErrorCode, type TOrder } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { loadOrderBundles } from './orders-repository';
import { presentOrder } from './present-order';

/** One order by id, whoever placed it; NOT_FOUND when there is none. The caller checks who may see it. */
export async function getOrderById(db: TDb, orderId: string): Promise<TOrder> {
  const [bundle] = await loadOrderBundles(db, [orderId]);
  if (!bundle) throw new AppError(ErrorCode.NOT_FOUND, `There is no order ${orderId}`);
  return presentOrder(bundle.order, bundle.items, bundle.invoices);
}
