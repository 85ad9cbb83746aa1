import type { TDelivery } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import type { connectorClientFor } from '../connectors/connector-client-for';
import { selectDeliveriesOf } from './delivery-repository';
import { presentDelivery } from './present-delivery';
import { refreshDelivery } from './refresh-delivery';

/**
 * A buyer's deliveries, newest first, each running one refreshed from the buyer's connector first, so polling
 * this list is what moves a delivery on (and starts its transfer).
 */
export async function listDeliveries(
  db: TDb,
  buyerId: string,
  clientFor?: typeof connectorClientFor,
): Promise<TDelivery[]> {
  const deliveries = await selectDeliveriesOf(db, buyerId);
  const refreshed = await Promise.all(
    deliveries.map((delivery) => refreshDelivery({ db, delivery, ...(clientFor ? { clientFor } : {}) })),
  );
  return refreshed.map(presentDelivery);
}
