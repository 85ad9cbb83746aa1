/** What other features use of orders and sales: the invoice download. */
export { InvoiceDownloadButton } from './InvoiceDownloadButton';
