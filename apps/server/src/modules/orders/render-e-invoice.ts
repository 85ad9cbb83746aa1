import {
  NOT_TAXABLE_NOTE,
  REVERSE_CHARGE_NOTE,
  type TInvoiceParty,
  type TPaymentModel,
  type TSale,
  toCents,
  toEuros,
} from '@dsm/contracts';
import { type Invoice, InvoiceService } from '@e-invoice-eu/core';
import { INVOICE_TIME_ZONE } from './invoice-dates';

/** XRechnung 3.0 on the EN 16931 core, as UBL. */
const CUSTOMIZATION_ID = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';
const PROFILE_ID = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

const isoDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: INVOICE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
/** yyyy-MM-dd in German time, as the invoice prints its dates. */
const dayOf = (iso: string) => isoDay.format(new Date(iso));
const amount = (euros: number) => euros.toFixed(2);

/** The unit of a line's quantity (UN/ECE Recommendation 20): a megabyte, a month, or one download. */
const UNIT_CODE: Record<TPaymentModel, string> = {
  FREE_OF_CHARGE: 'C62',
  PAY_PER_USE_DOWNLOAD: 'C62',
  SUBSCRIPTION_BASED: 'MON',
  DATA_VOLUME_BASED: '4L',
};

/** The library logs what it does; the server has its own log and wants none of it. */
export const quiet = { log: () => {}, warn: () => {}, error: () => {} };

function party(who: TInvoiceParty, options: { isSeller: boolean; isNotTaxable: boolean }) {
  const taxScheme = { 'cbc:CompanyID': who.vatId, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } };
  // BR-O-02: an invoice not subject to VAT names no VAT identifier; BR-CO-26 then wants the seller
  // identified otherwise (BT-29), which its VAT ID still does.
  const hasVatId = who.vatId !== '' && !options.isNotTaxable;
  return {
    'cac:Party': {
      'cbc:EndpointID': who.contactEmail,
      'cbc:EndpointID@schemeID': 'EM',
      ...(options.isNotTaxable && options.isSeller && who.vatId
        ? { 'cac:PartyIdentification': [{ 'cbc:ID': who.vatId }] }
        : {}),
      'cac:PostalAddress': {
        'cbc:StreetName': who.street,
        'cbc:CityName': who.city,
        'cbc:PostalZone': who.postalCode,
        'cac:Country': { 'cbc:IdentificationCode': who.country },
      },
      // The seller may name several tax registrations (a list), the buyer one.
      ...(hasVatId ? { 'cac:PartyTaxScheme': options.isSeller ? [taxScheme] : taxScheme } : {}),
      'cac:PartyLegalEntity': { 'cbc:RegistrationName': who.legalName },
      ...(options.isSeller
        ? {
            // BR-DE-5, BR-DE-6, BR-DE-7: XRechnung wants the seller's contact name, telephone and e-mail.
            'cac:Contact': {
              'cbc:Name': who.legalName,
              ...(who.contactPhone ? { 'cbc:Telephone': who.contactPhone } : {}),
              'cbc:ElectronicMail': who.contactEmail,
            },
          }
        : {}),
    },
  };
}

/**
 * The invoice as data of e-invoice-eu's internal format (UBL in JSON): the same fields the PDF
 * prints, as EN 16931 business terms. Standard rated (S, 19 %); for reverse charge AE at 0 % with
 * the exemption reason; for a business buyer outside the EU O (not subject to VAT: the place of
 * supply is abroad, §3a Abs. 2 UStG) with the exemption reason and no rate. Needs the seller's organisation: an invoice without one has none.
 */
export type TEInvoiceSale = Omit<TSale, 'commissionInvoice'> & { seller: TInvoiceParty; buyerParty: TInvoiceParty };

export function toEInvoiceData(invoice: TEInvoiceSale): Invoice {
  const percent = String(Number((invoice.vatRate * 100).toFixed(2)));
  const category = invoice.isReverseCharge
    ? {
        'cbc:ID': 'AE',
        'cbc:Percent': '0',
        'cbc:TaxExemptionReasonCode': 'VATEX-EU-AE',
        'cbc:TaxExemptionReason': REVERSE_CHARGE_NOTE,
      }
    : invoice.isNotTaxable
      ? { 'cbc:ID': 'O', 'cbc:TaxExemptionReasonCode': 'VATEX-EU-O', 'cbc:TaxExemptionReason': NOT_TAXABLE_NOTE }
      : { 'cbc:ID': 'S', 'cbc:Percent': percent };
  // BR-O-05: an item not subject to VAT carries no rate.
  const lineCategory = {
    'cbc:ID': category['cbc:ID'],
    ...('cbc:Percent' in category ? { 'cbc:Percent': category['cbc:Percent'] } : {}),
  };
  const note = invoice.isReverseCharge ? REVERSE_CHARGE_NOTE : invoice.isNotTaxable ? NOT_TAXABLE_NOTE : null;
  const isNotTaxable = invoice.isNotTaxable;
  const eur = 'EUR';
  const net = toEuros(invoice.items.reduce((sum, item) => sum + toCents(item.price), 0));
  return {
    'ubl:Invoice': {
      'cbc:CustomizationID': CUSTOMIZATION_ID,
      'cbc:ProfileID': PROFILE_ID,
      'cbc:ID': invoice.number,
      'cbc:IssueDate': dayOf(invoice.issuedAt),
      'cbc:DueDate': dayOf(invoice.dueAt),
      'cbc:InvoiceTypeCode': '380',
      ...(note ? { 'cbc:Note': [note] } : {}),
      'cbc:DocumentCurrencyCode': eur,
      // BT-10: the buyer's reference; the order is what the buyer knows the purchase by.
      'cbc:BuyerReference': invoice.orderId,
      'cac:InvoicePeriod': { 'cbc:StartDate': dayOf(invoice.serviceFrom), 'cbc:EndDate': dayOf(invoice.serviceTo) },
      'cac:AccountingSupplierParty': party(invoice.seller, { isSeller: true, isNotTaxable }),
      'cac:AccountingCustomerParty': party(invoice.buyerParty, { isSeller: false, isNotTaxable }),
      'cac:PaymentMeans': [
        {
          // 58: SEPA credit transfer.
          'cbc:PaymentMeansCode': '58',
          'cbc:PaymentID': invoice.number,
          'cac:PayeeFinancialAccount': {
            'cbc:ID': invoice.seller.iban,
            'cac:FinancialInstitutionBranch': { 'cbc:ID': invoice.seller.bic },
          },
        },
      ],
      'cac:PaymentTerms': {
        'cbc:Note': `Zahlbar bis ${dayOf(invoice.dueAt)} ohne Abzug / Due by ${dayOf(invoice.dueAt)}`,
      },
      'cac:TaxTotal': [
        {
          'cbc:TaxAmount': amount(invoice.vat),
          'cbc:TaxAmount@currencyID': eur,
          'cac:TaxSubtotal': [
            {
              'cbc:TaxableAmount': amount(invoice.net),
              'cbc:TaxableAmount@currencyID': eur,
              'cbc:TaxAmount': amount(invoice.vat),
              'cbc:TaxAmount@currencyID': eur,
              'cac:TaxCategory': { ...category, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } },
            },
          ],
        },
      ],
      'cac:LegalMonetaryTotal': {
        'cbc:LineExtensionAmount': amount(net),
        'cbc:LineExtensionAmount@currencyID': eur,
        'cbc:TaxExclusiveAmount': amount(invoice.net),
        'cbc:TaxExclusiveAmount@currencyID': eur,
        'cbc:TaxInclusiveAmount': amount(invoice.gross),
        'cbc:TaxInclusiveAmount@currencyID': eur,
        'cbc:PayableAmount': amount(invoice.gross),
        'cbc:PayableAmount@currencyID': eur,
      },
      'cac:InvoiceLine': invoice.items.map((item, index) => ({
        'cbc:ID': String(index + 1),
        'cbc:InvoicedQuantity': String(item.quantity ?? 1),
        // UN/ECE Rec. 20: 4L megabyte, MON month, C62 one (a download).
        'cbc:InvoicedQuantity@unitCode': UNIT_CODE[item.paymentModel],
        'cbc:LineExtensionAmount': amount(item.price),
        'cbc:LineExtensionAmount@currencyID': eur,
        'cac:Item': {
          'cbc:Name': item.title,
          'cac:ClassifiedTaxCategory': { ...lineCategory, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } },
        },
        'cac:Price': { 'cbc:PriceAmount': amount(item.unitPrice ?? item.price), 'cbc:PriceAmount@currencyID': eur },
      })),
    },
  } as Invoice;
}

/** The invoice as an XRechnung (UBL) e-invoice, made with e-invoice-eu. */
export async function renderEInvoice(invoice: TEInvoiceSale): Promise<string> {
  const service = new InvoiceService(quiet as unknown as Console);
  const xml = await service.generate(toEInvoiceData(invoice), { format: 'XRECHNUNG-UBL', lang: 'de-de' });
  return typeof xml === 'string' ? xml : new TextDecoder().decode(xml);
}
