import type { TInvoice } from '@dsm/contracts';
import { apiFetchBlob } from '../../shared/api';

/**
 * The forms an invoice is downloaded in: the PDF, the XRechnung e-invoice (XML), and the Factur-X
 * hybrid (PDF/A-3 with the CII XML inside).
 */
export type TInvoiceFormat = 'pdf' | 'xml' | 'facturx';

export type TDownloadableInvoice = Pick<TInvoice, 'number' | 'pdfPath' | 'xmlPath' | 'facturXPath'>;

/** Where a format is downloaded from (null when the invoice has no such form) and its file name. */
export function invoiceFile(
  invoice: TDownloadableInvoice,
  format: TInvoiceFormat,
): { path: string | null; fileName: string } {
  if (format === 'xml') return { path: invoice.xmlPath, fileName: `invoice-${invoice.number}.xml` };
  if (format === 'facturx') return { path: invoice.facturXPath, fileName: `invoice-${invoice.number}-factur-x.pdf` };
  return { path: invoice.pdfPath, fileName: `invoice-${invoice.number}.pdf` };
}

/**
 * Saves a file of the API as a download. The API needs the bearer token, which a plain link cannot
 * send, so the file is fetched and handed to the browser.
 */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const blob = await apiFetchBlob(path);
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked on the next tick: some browsers start the download only after click() returns.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** Saves an invoice's PDF, e-invoice or Factur-X PDF. */
export async function downloadInvoice(invoice: TDownloadableInvoice, format: TInvoiceFormat = 'pdf'): Promise<void> {
  const { path, fileName } = invoiceFile(invoice, format);
  if (path) await downloadFile(path, fileName);
}
