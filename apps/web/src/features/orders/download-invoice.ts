import type { TInvoice } from '@dsm/contracts';
import { apiFetchBlob } from '../../shared/api';

/** The forms an invoice is downloaded in: the PDF, and the XRechnung e-invoice (XML). */
export type TInvoiceFormat = 'pdf' | 'xml';

/**
 * Saves an invoice's PDF or e-invoice. The API needs the bearer token, which a plain link cannot
 * send, so the file is fetched and handed to the browser as a download.
 */
export async function downloadInvoice(
  invoice: Pick<TInvoice, 'number' | 'pdfPath' | 'xmlPath'>,
  format: TInvoiceFormat = 'pdf',
): Promise<void> {
  const path = format === 'xml' ? invoice.xmlPath : invoice.pdfPath;
  if (!path) return;
  const blob = await apiFetchBlob(path);
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = `invoice-${invoice.number}.${format}`;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked on the next tick: some browsers start the download only after click() returns.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
