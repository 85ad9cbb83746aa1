import { InvoiceService } from '@e-invoice-eu/core';
import { quiet, type TEInvoiceSale, toEInvoiceData } from './render-e-invoice';

/**
 * e-invoice-eu's name of the Factur-X 1.0 / ZUGFeRD 2.x profile EN 16931 (ZUGFeRD's COMFORT): the
 * full core invoice, embedded as `factur-x.xml`, the file name both standards use since ZUGFeRD 2.1.
 */
export const FACTUR_X_FORMAT = 'Factur-X-EN16931';

/**
 * The invoice as a Factur-X/ZUGFeRD hybrid: the invoice's own PDF, turned into PDF/A-3b by
 * e-invoice-eu (XMP metadata with the Factur-X extension schema, sRGB output intent, document ID),
 * with the EN 16931 CII XML attached as `factur-x.xml` (relationship Alternative). The PDF must
 * embed all its fonts, as PDF/A requires; renderInvoicePdf does.
 */
export async function renderFacturX(invoice: TEInvoiceSale, pdf: Buffer): Promise<Uint8Array> {
  const data = toEInvoiceData(invoice);
  // The CII guideline (BT-24) is the profile's own: urn:cen.eu:en16931:2017, not XRechnung's.
  delete (data['ubl:Invoice'] as Record<string, unknown>)['cbc:CustomizationID'];
  const service = new InvoiceService(quiet as unknown as Console);
  const result = await service.generate(data, {
    format: FACTUR_X_FORMAT,
    lang: 'de-de',
    pdf: { buffer: new Uint8Array(pdf), filename: `invoice-${invoice.number}.pdf`, mimetype: 'application/pdf' },
  });
  return typeof result === 'string' ? new TextEncoder().encode(result) : result;
}
