import {
  HOME_COUNTRY,
  invoiceAmounts,
  isNotTaxableParty,
  isReverseChargeParty,
  type TInvoiceParty,
  toCents,
  toEuros,
  VAT_RATE,
  ZInvoiceParty,
} from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { insertCommissionInvoice, type TCommissionInvoiceRow } from './commission-invoices-repository';
import { formatInvoiceNumber, invoiceDueAt, invoiceYear } from './invoice-dates';
import { nextInvoiceSequence, type TInvoiceRow } from './orders-repository';

/** The marketplace's own number range for the invoices it issues in its own name. */
export const COMMISSION_ISSUER_KEY = 'marketplace-commission';
/** In front of commission invoice numbers: Provision (commission), `PROV-2026-000001`. */
export const COMMISSION_NUMBER_CODE = 'PROV';

export type TIssueCommissionInvoicesOptions = {
  /** The order's transaction: numbers are only taken if the order commits. */
  db: TDb;
  /** The supplier invoices just issued (at checkout, a renewal or a month's usage). */
  invoices: readonly TInvoiceRow[];
  /** The marketplace as the issuer (configuration). */
  marketplace: TInvoiceParty;
  issuedAt: Date;
};

/**
 * Bills each supplier the marketplace's commission on each of its new invoices, whether a checkout,
 * a subscription renewal or a month's usage issued it: one commission invoice per supplier invoice with a selling organisation and a commission above zero, issued by the marketplace to the
 * supplier's organisation (the sale's seller, without its bank account) at the same moment, due 30
 * days later. The net is the commission the sale shows; VAT as for any sale of the marketplace
 * (reverse charge for a supplier in another EU member state with a VAT ID, none outside the EU). Numbers run gap-free per
 * year in the marketplace's own range, taken after the suppliers' ranges so checkouts lock in one order.
 */
export async function issueCommissionInvoices(
  options: TIssueCommissionInvoicesOptions,
): Promise<TCommissionInvoiceRow[]> {
  const { db, marketplace, issuedAt } = options;
  const year = invoiceYear(issuedAt);
  const issued: TCommissionInvoiceRow[] = [];
  for (const invoice of options.invoices) {
    const commissionCents = toCents(Number(invoice.commission));
    // A publisher no organisation sells for (imported from another catalogue) has nobody to bill.
    if (commissionCents <= 0 || !invoice.seller_party) continue;
    const supplier = { ...ZInvoiceParty.parse(invoice.seller_party), iban: '', bic: '' };
    const isReverseCharge = marketplace.country === HOME_COUNTRY && isReverseChargeParty(supplier);
    // A supplier outside the EU receives the service where it sits (§3a Abs. 2 UStG).
    const isNotTaxable = marketplace.country === HOME_COUNTRY && isNotTaxableParty(supplier);
    const vatRate = isReverseCharge || isNotTaxable ? 0 : VAT_RATE;
    const amounts = invoiceAmounts([commissionCents], 0, vatRate);
    const sequence = await nextInvoiceSequence(db, COMMISSION_ISSUER_KEY, year);
    issued.push(
      await insertCommissionInvoice(db, {
        invoice_id: invoice.id,
        supplier_id: invoice.supplier_id,
        number: formatInvoiceNumber(year, sequence, COMMISSION_NUMBER_CODE),
        year,
        sequence,
        issuer_key: COMMISSION_ISSUER_KEY,
        seller_party: JSON.stringify(marketplace),
        buyer_party: JSON.stringify(supplier),
        is_reverse_charge: isReverseCharge,
        is_not_taxable: isNotTaxable,
        issued_at: issuedAt,
        due_at: invoiceDueAt(issuedAt),
        commission_rate: Number(invoice.commission_rate),
        net: toEuros(amounts.net),
        vat_rate: vatRate,
        vat: toEuros(amounts.vat),
        gross: toEuros(amounts.gross),
      }),
    );
  }
  return issued;
}
