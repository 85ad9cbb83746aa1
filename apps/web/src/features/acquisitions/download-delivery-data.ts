import { deliveryDataPath, type TDelivery } from '@dsm/contracts';
import { downloadFile } from '../../shared/download-file';

/**
 * Saves a delivery's data. The API needs the bearer token, which a plain link cannot send, so the data is fetched
 * through the marketplace (which reads it from the supplier's public data plane) and handed to the browser.
 */
export function downloadDeliveryData(delivery: Pick<TDelivery, 'id' | 'assetId'>): Promise<void> {
  return downloadFile(deliveryDataPath(delivery.id), delivery.assetId);
}
