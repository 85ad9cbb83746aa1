import type { TSale } from '@dsm/contracts';
import { serveTasks } from '../../lib/worker-pool/serve-tasks';
import { renderEInvoice, type TEInvoiceSale } from './render-e-invoice';
import { renderFacturX } from './render-factur-x';
import { renderInvoicePdf, type TRenderInvoicePdfOptions } from './render-invoice-pdf';

/** An invoice document to make, as the rendering threads are asked for it. */
export type TInvoiceRenderTask =
  | { kind: 'pdf'; invoice: Omit<TSale, 'commissionInvoice'>; options: TRenderInvoicePdfOptions }
  | { kind: 'e-invoice'; invoice: TEInvoiceSale }
  | {
      kind: 'factur-x';
      invoice: TEInvoiceSale;
      /** What the PDF inside prints (a commission invoice's document differs from its e-invoice data). */
      pdfInvoice: Omit<TSale, 'commissionInvoice'>;
      pdfOptions: TRenderInvoicePdfOptions;
    };

/** What a rendering thread answers: a PDF's bytes or an XML text. */
export type TInvoiceRenderResult = Uint8Array | string;

// Run as a thread of the invoice rendering pool (invoice-rendering.ts).
serveTasks(async (task: TInvoiceRenderTask): Promise<TInvoiceRenderResult> => {
  if (task.kind === 'pdf') return renderInvoicePdf(task.invoice, task.options);
  if (task.kind === 'e-invoice') return renderEInvoice(task.invoice);
  return renderFacturX(task.invoice, await renderInvoicePdf(task.pdfInvoice, task.pdfOptions));
});
