import type { TInvoice } from '@dsm/contracts';
import { apiFetchBlob } from '../../shared/api';

/**
 * Saves an invoice's PDF. The API needs the bearer token, which a plain link cannot send, so the
 * file is fetched and handed to the browser as a download.
 */
export async function downloadInvoice(invoice: Pick<TInvoice, 'number' | 'pdfPath'>): Promise<void> {
  const blob = await apiFetchBlob(invoice.pdfPath);
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = `invoice-${invoice.number}.pdf`;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked on the next tick: some browsers start the download only after click() returns.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
