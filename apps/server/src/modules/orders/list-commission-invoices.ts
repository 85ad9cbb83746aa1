import type { TCommissionInvoiceListResponse } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import type { TAuthUser } from '../auth/verify-access-token';
import { pageCommissionInvoices } from './commission-invoices-repository';
import { listMemberAgents } from './invoices-repository';
import { isOperator } from './orders-policy';
import { presentCommissionInvoice } from './present-commission-invoice';

export type TListCommissionInvoicesOptions = {
  db: TDb;
  user: TAuthUser;
  /** PRODUCT_ID: the operator role is `${productId}_OPERATOR`. */
  productId: string;
  index: number;
  pageSize: number;
};

/**
 * The marketplace's commission invoices, newest first: all of them for the operator, who records
 * their payments; for anyone else those billed to the publishers they sell for.
 */
export async function listCommissionInvoices(
  options: TListCommissionInvoicesOptions,
): Promise<TCommissionInvoiceListResponse> {
  const { db, user, index, pageSize } = options;
  const isOperatorUser = isOperator(user, options.productId);
  const supplierIds = isOperatorUser ? null : (await listMemberAgents(db, user.id)).map((agent) => agent.id);
  const page = await pageCommissionInvoices(db, { supplierIds, index, pageSize });
  return {
    index,
    pageSize,
    total: page.total,
    isOperator: isOperatorUser,
    data: page.rows.map((row) => presentCommissionInvoice(row, !isOperatorUser)),
  };
}
