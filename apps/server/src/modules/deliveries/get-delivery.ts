import { ErrorCode, type TDelivery } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { TAuthUser } from '../auth/verify-access-token';
import { assertIsBuyerOf } from './delivery-policy';
import { selectDelivery, type TDeliveryRow } from './delivery-repository';
import { presentDelivery } from './present-delivery';
import { refreshDelivery } from './refresh-delivery';

/** A delivery of the signed-in buyer's, or 404/403. */
export async function findOwnDelivery(db: TDb, user: TAuthUser, deliveryId: string): Promise<TDeliveryRow> {
  const delivery = await selectDelivery(db, deliveryId);
  if (!delivery) throw new AppError(ErrorCode.NOT_FOUND, `There is no delivery ${deliveryId}`);
  assertIsBuyerOf(user, delivery);
  return delivery;
}

/** One delivery of the signed-in buyer's, refreshed from the buyer's connector. */
export async function getDelivery(db: TDb, user: TAuthUser, deliveryId: string): Promise<TDelivery> {
  const delivery = await findOwnDelivery(db, user, deliveryId);
  return presentDelivery(await refreshDelivery({ db, delivery }));
}
