import { markInvoicePaidEndpoint, salesEndpoint } from '@dsm/contracts';
import { callEndpoint } from '../../shared/call-endpoint';
import { useReloadingMutation } from '../../shared/use-reloading-mutation';
import { usePagedList } from './use-paged-list';

/** Invoices per page of My sales. */
export const SALES_PAGE_SIZE = 20;

/** One page of the invoices of the publishers the signed-in user sells for. */
export function useSales(index: number) {
  return usePagedList('sales', salesEndpoint, index, SALES_PAGE_SIZE);
}

/** Records that an invoice was paid; the sales (and the buyer's orders, if shown here) reload. */
export function useMarkInvoicePaid() {
  return useReloadingMutation(
    (invoiceId: string) => callEndpoint(markInvoicePaidEndpoint, { params: { id: invoiceId } }),
    [['sales'], ['orders']],
  );
}
