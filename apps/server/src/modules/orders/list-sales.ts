import type { TSalesResponse } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { findCommissionInvoicesOfSales } from './commission-invoices-repository';
import { listMemberAgents, loadInvoiceBundles, pageSupplierInvoiceIds } from './invoices-repository';
import { presentCommissionInvoice } from './present-commission-invoice';
import { presentSale } from './present-order';

export type TListSalesOptions = { db: TDb; userId: string; index: number; pageSize: number };

/**
 * A supplier's sales: the invoices of every publisher agent the user is a member of, newest first,
 * with the items they bill and the buyer, and the agents themselves.
 */
export async function listSales(options: TListSalesOptions): Promise<TSalesResponse> {
  const { db, index, pageSize } = options;
  const agents = await listMemberAgents(db, options.userId);
  const page = await pageSupplierInvoiceIds(
    db,
    agents.map((agent) => agent.id),
    { index, pageSize },
  );
  const [bundles, commissions] = await Promise.all([
    loadInvoiceBundles(db, page.ids),
    findCommissionInvoicesOfSales(db, page.ids),
  ]);
  const commissionOf = (invoiceId: string) => {
    const row = commissions.get(invoiceId);
    return row ? presentCommissionInvoice(row) : null;
  };
  return {
    agents: agents.map((agent) => ({
      '@id': agent.id,
      name: agent.name ?? ([agent.first_name, agent.last_name].filter(Boolean).join(' ') || agent.id),
    })),
    index,
    pageSize,
    total: page.total,
    data: bundles.map((bundle) =>
      presentSale(bundle.invoice, bundle.items, bundle.order, commissionOf(bundle.invoice.id)),
    ),
  };
}
