import { createHash } from 'node:crypto';
import {
  EU_COUNTRY_CODES,
  HOME_COUNTRY,
  invoiceAmounts,
  isNotTaxableParty,
  type TInvoiceParty,
  toCents,
  toEuros,
  VAT_RATE,
} from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { findSellerOrganisation } from '../organisations/organisations-repository';
import { presentInvoiceParty } from '../organisations/present-organisation';
import type { TOrderLine } from './check-purchased-items';
import { formatInvoiceNumber, invoiceDueAt, invoiceYear, servicePeriodOf } from './invoice-dates';
import { assignItemsToInvoice, insertInvoice, nextInvoiceSequence, type TInvoiceRow } from './orders-repository';

export type TIssueInvoicesOptions = {
  /** The order's transaction: the numbers are only taken if the order commits. */
  db: TDb;
  orderId: string;
  lines: readonly TOrderLine[];
  /** The buyer's organisation as it is now; the invoices keep this copy. */
  buyer: TInvoiceParty;
  issuedAt: Date;
  /** The marketplace's commission as a fraction of the net amount. */
  commissionRate: number;
  /** The period billed, where it is not the one the payment models give (renewals, monthly usage). */
  servicePeriod?: { from: Date; to: Date };
};

/**
 * Reverse charge (§13b UStG): a business buyer in another EU member state, identified by its VAT
 * ID, owes the VAT itself; the invoice shows 0 % and the legal note.
 */
export function isReverseCharge(buyer: TInvoiceParty): boolean {
  return buyer.country !== HOME_COUNTRY && EU_COUNTRY_CODES.includes(buyer.country) && buyer.vatId !== '';
}

/**
 * The short code in front of an issuer's invoice numbers: the start of its organisation's id, or
 * of a hash of the publisher's id where no organisation sells for it.
 */
export function issuerCodeOf(seller: { id: string } | undefined, supplierId: string): string {
  const source = seller ? seller.id.replace(/-/g, '') : createHash('sha256').update(supplierId).digest('hex');
  return source.slice(0, 8).toUpperCase();
}

/**
 * Issues one invoice per supplier of an order, in the order the suppliers first appear. Each names
 * both parties as they are now (later profile edits leave it alone), its service period, net per
 * VAT rate, VAT, gross, the marketplace's commission, and falls due 30 days later. Numbers run per
 * issuer (the selling organisation, or the publisher where none sells for it) and year without gaps.
 */
export async function issueInvoices(options: TIssueInvoicesOptions): Promise<TInvoiceRow[]> {
  const { db, buyer, issuedAt } = options;
  const bySupplier = new Map<string, TOrderLine[]>();
  for (const line of options.lines) bySupplier.set(line.providerId, [...(bySupplier.get(line.providerId) ?? []), line]);
  const year = invoiceYear(issuedAt);
  const reverseCharge = isReverseCharge(buyer);
  // A business outside the EU receives the service where it sits (§3a Abs. 2 UStG): no German VAT.
  const isNotTaxable = isNotTaxableParty(buyer);
  const vatRate = reverseCharge || isNotTaxable ? 0 : VAT_RATE;

  const drafts = [];
  for (const [supplierId, lines] of bySupplier) {
    const seller = await findSellerOrganisation(db, supplierId);
    drafts.push({
      supplierId,
      lines,
      seller: seller ? presentInvoiceParty(seller, { withBankAccount: true }) : null,
      issuerKey: seller ? `organisation:${seller.id}` : `agent:${supplierId}`,
      issuerCode: issuerCodeOf(seller, supplierId),
    });
  }
  // Number ranges are locked until the order commits. Taking them in one order for every checkout
  // keeps two orders of the same two suppliers from waiting on each other for ever.
  const sequences = new Map<string, number[]>();
  for (const issuerKey of [...new Set(drafts.map((draft) => draft.issuerKey))].sort()) {
    const count = drafts.filter((draft) => draft.issuerKey === issuerKey).length;
    const numbers: number[] = [];
    for (let taken = 0; taken < count; taken++) numbers.push(await nextInvoiceSequence(db, issuerKey, year));
    sequences.set(issuerKey, numbers);
  }

  const invoices: TInvoiceRow[] = [];
  for (const draft of drafts) {
    const sequence = sequences.get(draft.issuerKey)!.shift()!;
    const amounts = invoiceAmounts(
      draft.lines.map((line) => toCents(line.price)),
      options.commissionRate,
      vatRate,
    );
    const period =
      options.servicePeriod ??
      servicePeriodOf(
        issuedAt,
        draft.lines.map((line) => line.paymentModel),
      );
    const invoice = await insertInvoice(db, {
      order_id: options.orderId,
      number: formatInvoiceNumber(year, sequence, draft.issuerCode),
      year,
      sequence,
      issuer_key: draft.issuerKey,
      supplier_id: draft.supplierId,
      supplier_name: draft.lines[0]!.providerName,
      seller_party: draft.seller ? JSON.stringify(draft.seller) : null,
      buyer_party: JSON.stringify(buyer),
      service_from: period.from,
      service_to: period.to,
      is_reverse_charge: reverseCharge,
      is_not_taxable: isNotTaxable,
      issued_at: issuedAt,
      due_at: invoiceDueAt(issuedAt),
      net: toEuros(amounts.net),
      vat_rate: vatRate,
      vat: toEuros(amounts.vat),
      gross: toEuros(amounts.gross),
      commission_rate: options.commissionRate,
      commission: toEuros(amounts.commission),
    });
    await assignItemsToInvoice(
      db,
      options.orderId,
      draft.lines.map((line) => line.position),
      invoice.id,
    );
    invoices.push(invoice);
  }
  return invoices;
}
