import {
  commissionInvoiceListEndpoint,
  markCommissionInvoicePaidEndpoint,
  markCommissionInvoicePaidPath,
  ZCommissionInvoice,
} from '@dsm/contracts';
import { apiFetch } from '../../shared/api';
import { useReloadingMutation } from '../../shared/use-reloading-mutation';
import { usePagedList } from './use-paged-list';

/** Commission invoices per page. */
export const COMMISSION_INVOICES_PAGE_SIZE = 20;

/** One page of the commission invoices the user may see: the operator all, a supplier its own. */
export function useCommissionInvoices(index: number) {
  return usePagedList('commission-invoices', commissionInvoiceListEndpoint, index, COMMISSION_INVOICES_PAGE_SIZE);
}

/** The operator records that a commission invoice was paid; the lists showing it reload. */
export function useMarkCommissionInvoicePaid() {
  return useReloadingMutation(
    (id: string) =>
      apiFetch({
        method: markCommissionInvoicePaidEndpoint.method,
        path: markCommissionInvoicePaidPath(id),
        schema: ZCommissionInvoice,
      }),
    [['commission-invoices'], ['sales']],
  );
}
