import { ErrorCode } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { TAuthUser } from '../auth/verify-access-token';
import { loadInvoiceBundles } from './invoices-repository';
import { assertMayReadInvoice } from './orders-policy';
import { presentSale } from './present-order';

export type TLoadReadableSaleOptions = { db: TDb; user: TAuthUser; invoiceId: string };

/**
 * An invoice as its documents present it, for its buyer and its supplier's members only; without
 * the commission invoice, which is none of the buyer's business.
 */
export async function loadReadableSale(options: TLoadReadableSaleOptions): Promise<ReturnType<typeof presentSale>> {
  const [bundle] = await loadInvoiceBundles(options.db, [options.invoiceId]);
  if (!bundle) throw new AppError(ErrorCode.NOT_FOUND, `There is no invoice ${options.invoiceId}`);
  await assertMayReadInvoice(options.db, options.user, {
    id: bundle.invoice.id,
    supplierId: bundle.invoice.supplier_id,
    buyerId: bundle.order.consumer_id,
  });
  return presentSale(bundle.invoice, bundle.items, bundle.order, null);
}

/** A readable invoice with both parties' organisations, as an e-invoice needs them. */
export type TReadableEInvoiceSale = ReturnType<typeof presentSale> & {
  seller: NonNullable<ReturnType<typeof presentSale>['seller']>;
  buyerParty: NonNullable<ReturnType<typeof presentSale>['buyerParty']>;
};

/**
 * An invoice for an e-invoice (XRechnung, Factur-X), read as `loadReadableSale` reads it. An invoice that names
 * no selling organisation (a publisher imported from another catalogue, or issued before organisations) or no
 * buyer organisation cannot carry both parties' terms: CONFLICT.
 */
export async function loadEInvoiceSale(options: TLoadReadableSaleOptions): Promise<TReadableEInvoiceSale> {
  const sale = await loadReadableSale(options);
  const { seller, buyerParty } = sale;
  if (!seller || !buyerParty) {
    throw new AppError(
      ErrorCode.CONFLICT,
      `Invoice ${sale.number} names no selling organisation or no buyer organisation, so there is no e-invoice of it; the PDF is the invoice`,
    );
  }
  return { ...sale, seller, buyerParty };
}
