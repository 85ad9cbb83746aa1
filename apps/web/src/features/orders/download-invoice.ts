import type { TInvoice } from '@dsm/contracts';
import { downloadFile } from '../../shared/download-file';

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

/** Saves an invoice's PDF, e-invoice or Factur-X PDF. */
export async function downloadInvoice(invoice: TDownloadableInvoice, format: TInvoiceFormat = 'pdf'): Promise<void> {
  const { path, fileName } = invoiceFile(invoice, format);
  if (path) await downloadFile(path, fileName);
}
