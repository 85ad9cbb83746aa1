import type { TPaymentProvider } from './payment-port';

/**
 * Payment by invoice: the buyer transfers each invoice's gross amount, quoting its number, within
 * 30 days; the supplier marks it paid when the money arrives. An invoice of 0 € (free offers only)
 * has nothing to wait for and counts as paid at once.
 */
export const payByInvoice: TPaymentProvider = {
  method: 'INVOICE',
  async collect({ invoices }) {
    return { paidInvoiceIds: invoices.filter((invoice) => Number(invoice.gross) === 0).map((invoice) => invoice.id) };
  },
};
