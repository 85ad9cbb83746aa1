import { ErrorCode } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { TAuthUser } from '../auth/verify-access-token';
import { findCommissionInvoice } from './commission-invoices-repository';
import { assertMayReadCommissionInvoice } from './orders-policy';
import { presentCommissionInvoice } from './present-commission-invoice';
import { renderInvoicePdf } from './render-invoice-pdf';

export type TGetCommissionInvoicePdfOptions = { db: TDb; user: TAuthUser; commissionInvoiceId: string };

/**
 * A commission invoice's PDF and its file name, for the members of the supplier it bills only (the
 * buyer of the sale never sees the marketplace's commission invoice).
 */
export async function getCommissionInvoicePdf(
  options: TGetCommissionInvoicePdfOptions,
): Promise<{ fileName: string; pdf: Buffer }> {
  const row = await findCommissionInvoice(options.db, options.commissionInvoiceId);
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, `There is no commission invoice ${options.commissionInvoiceId}`);
  await assertMayReadCommissionInvoice(options.db, options.user, { id: row.id, supplierId: row.supplier_id });
  const invoice = presentCommissionInvoice(row);
  const percent = `${Number((invoice.commissionRate * 100).toFixed(2))} %`;
  const pdf = await renderInvoicePdf(
    {
      ...invoice,
      orderId: '',
      supplierName: invoice.seller.legalName,
      commissionRate: 0,
      commission: 0,
      paidAt: null,
      cancelledAt: invoice.state === 'cancelled' ? (row.sale_cancelled_at?.toISOString() ?? null) : null,
      // The commission is earned with the sale: the service date is the sale's invoice date.
      serviceFrom: invoice.issuedAt,
      serviceTo: invoice.issuedAt,
      xmlPath: null,
      facturXPath: null,
      items: [
        {
          productId: '',
          providerId: '',
          providerName: '',
          title: `Provision ${percent} auf Rechnung ${invoice.invoiceNumber} / Commission ${percent} on invoice ${invoice.invoiceNumber}`,
          paymentModel: 'PAY_PER_USE_DOWNLOAD',
          price: invoice.net,
        },
      ],
      buyer: { id: invoice.supplierId, name: invoice.buyerParty?.legalName ?? invoice.supplierId, email: '' },
    },
    { isCommission: true },
  );
  return { fileName: `commission-invoice-${invoice.number}.pdf`, pdf };
}
