import type { TSale } from '@dsm/contracts';
import { createWorkerPool, threadsBesideMain } from '../../lib/worker-pool/worker-pool';
import type { TInvoiceRenderResult, TInvoiceRenderTask } from './invoice-render-task';
import type { TEInvoiceSale } from './render-e-invoice';
import type { TRenderInvoicePdfOptions } from './render-invoice-pdf';

/**
 * Invoice documents are made on threads of their own: setting a PDF of a hundred lines in embedded fonts, or
 * building an e-invoice, holds a thread for hundreds of milliseconds, which on the main thread every other
 * request would wait for. One thread less than the machine has cores (at least one) renders at a time; more
 * downloads wait in line.
 */
const pool = createWorkerPool({
  entry: new URL('./invoice-render-task.ts', import.meta.url),
  size: threadsBesideMain(4),
  name: 'invoice rendering',
});

type TInvoiceDocument = Omit<TSale, 'commissionInvoice'>;

const pdfOf = (bytes: TInvoiceRenderResult): Buffer =>
  typeof bytes === 'string' ? Buffer.from(bytes) : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** `renderInvoicePdf` on a rendering thread. */
export async function renderInvoicePdfOnThread(
  invoice: TInvoiceDocument,
  options: TRenderInvoicePdfOptions = {},
): Promise<Buffer> {
  return pdfOf(await pool.run({ kind: 'pdf', invoice, options } satisfies TInvoiceRenderTask));
}

/** `renderEInvoice` (XRechnung UBL) on a rendering thread. */
export async function renderEInvoiceOnThread(invoice: TEInvoiceSale): Promise<string> {
  return String(await pool.run({ kind: 'e-invoice', invoice } satisfies TInvoiceRenderTask));
}

/** The invoice's PDF of `pdfInvoice`, made a Factur-X of `invoice` by `renderFacturX`, on a rendering thread. */
export async function renderFacturXOnThread(
  invoice: TEInvoiceSale,
  pdfInvoice: TInvoiceDocument,
  pdfOptions: TRenderInvoicePdfOptions = {},
): Promise<Buffer> {
  return pdfOf(await pool.run({ kind: 'factur-x', invoice, pdfInvoice, pdfOptions } satisfies TInvoiceRenderTask));
}

/** Tasks the rendering threads have finished: tells tests that documents were made off the main thread. */
export const renderedOnThreads = (): number => pool.completed;
