import {
  commissionInvoiceListEndpoint,
  markCommissionInvoicePaidEndpoint,
  markCommissionInvoicePaidPath,
  pagedPath,
  ZCommissionInvoice,
  ZCommissionInvoiceListResponse,
} from '@dsm/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../shared/api';

/** Commission invoices per page. */
export const COMMISSION_INVOICES_PAGE_SIZE = 20;

/** One page of the commission invoices the user may see: the operator all, a supplier its own. */
export function useCommissionInvoices(index: number) {
  const path = pagedPath(commissionInvoiceListEndpoint.path, index, COMMISSION_INVOICES_PAGE_SIZE);
  return useQuery({
    queryKey: ['commission-invoices', index],
    queryFn: ({ signal }) =>
      apiFetch({ method: commissionInvoiceListEndpoint.method, path, schema: ZCommissionInvoiceListResponse, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The operator records that a commission invoice was paid; the lists showing it reload. */
export function useMarkCommissionInvoicePaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch({
        method: markCommissionInvoicePaidEndpoint.method,
        path: markCommissionInvoicePaidPath(id),
        schema: ZCommissionInvoice,
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['commission-invoices'] });
      void queryClient.invalidateQueries({ queryKey: ['sales'] });
    },
  });
}
