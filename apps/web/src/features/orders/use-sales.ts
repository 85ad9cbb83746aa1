import { markInvoicePaidEndpoint, pagedPath, salesEndpoint, ZSalesResponse } from '@dsm/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../shared/api';
import { callEndpoint } from '../../shared/call-endpoint';

/** Invoices per page of My sales. */
export const SALES_PAGE_SIZE = 20;

/** One page of the invoices of the publishers the signed-in user sells for. */
export function useSales(index: number) {
  const path = pagedPath(salesEndpoint.path, index, SALES_PAGE_SIZE);
  return useQuery({
    queryKey: ['sales', index],
    queryFn: ({ signal }) => apiFetch({ method: salesEndpoint.method, path, schema: ZSalesResponse, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Records that an invoice was paid; the sales (and the buyer's orders, if shown here) reload. */
export function useMarkInvoicePaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invoiceId: string) => callEndpoint(markInvoicePaidEndpoint, { params: { id: invoiceId } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['sales'] });
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}
