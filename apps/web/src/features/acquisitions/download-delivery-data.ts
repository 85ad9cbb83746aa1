import { deliveryDataPath, type TDelivery } from '@dsm/contracts';
import { apiFetchBlob } from '../../shared/api';

/**
 * Saves a delivery's data. The API needs the bearer token, which a plain link cannot send, so the data is fetched
 * through the marketplace (which reads it from the supplier's public data plane) and handed to the browser.
 */
export async function downloadDeliveryData(delivery: Pick<TDelivery, 'id' | 'assetId'>): Promise<void> {
  const blob = await apiFetchBlob(deliveryDataPath(delivery.id));
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = delivery.assetId;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked on the next tick: some browsers start the download only after click() returns.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
