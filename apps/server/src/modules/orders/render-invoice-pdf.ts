import {
  NOT_TAXABLE_NOTE,
  REVERSE_CHARGE_NOTE,
  type TInvoiceParty,
  type TPaymentModel,
  type TSale,
} from '@dsm/contracts';
import PDFDocument from 'pdfkit';
import { formatInvoiceDate } from './invoice-dates';
import { INVOICE_FONTS } from './invoice-fonts';

/** What one unit of each payment model is, in German and English. */
/** A line's quantity as the invoice prints it: whole downloads and months, MB with three decimals. */
function formatQuantity(item: { paymentModel: TPaymentModel; quantity?: number | undefined }): string {
  const quantity = item.quantity ?? 1;
  const decimals = item.paymentModel === 'DATA_VOLUME_BASED' ? 3 : 0;
  return quantity.toLocaleString('de-DE', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

const UNIT: Record<TPaymentModel, string> = {
  FREE_OF_CHARGE: 'Kostenlos / Free',
  PAY_PER_USE_DOWNLOAD: 'Download',
  SUBSCRIPTION_BASED: 'Abonnement, 1 Monat / Subscription, 1 month',
  DATA_VOLUME_BASED: 'Datenvolumen, je MB / Data volume, per MB',
};

/**
 * The invoice is a German document (its English lines translate it), so its numbers are written the
 * German way throughout: a decimal comma, amounts with two decimals and without grouping, as the app
 * shows prices ('1234,50 €').
 */
const EURO_AMOUNT = new Intl.NumberFormat('de-DE', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: false,
});
const RATE = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2, useGrouping: false });

/** Euros as the German invoice writes them: '184,45 €'. */
export function formatEuros(amount: number): string {
  return `${EURO_AMOUNT.format(amount)} €`;
}

/** A rate as a German percentage: 0.19 is '19 %', 0.075 is '7,5 %'. */
const percent = (rate: number) => `${RATE.format(rate * 100)} %`;

/** The lines of a party's postal address, as a letter window shows them. */
function addressLines(party: TInvoiceParty): string[] {
  return [party.legalName, party.street, `${party.postalCode} ${party.city}`, party.country];
}

const MARGIN = 50;
const COLUMNS = { position: MARGIN, title: MARGIN + 30, unit: MARGIN + 250, amount: MARGIN + 400 } as const;
const AMOUNT_WIDTH = 95;
/** Where the labels of the totals start: left of the unit column, so that most fit on one line. */
const TOTALS_LABEL = MARGIN + 200;

/** An IBAN in groups of four, as it is printed for people to type. */
export const formatIban = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * The PDF of one invoice, in German with English alongside, with what §14 Abs. 4 UStG asks for:
 * the seller's and the buyer's names and addresses as they were at issue, the seller's VAT ID, the
 * invoice date and number, the service period (the delivery date of a one-time purchase), quantity
 * and description of each line, net per VAT rate, VAT and gross, the reverse-charge note where it
 * applies, the payment terms and the seller's IBAN and BIC; and the marketplace's commission. The
 * marketplace issues it as a broker on the supplier's behalf.
 */
export type TRenderInvoicePdfOptions = {
  /**
   * A commission invoice: the marketplace bills the supplier in its own name, so the broker note,
   * the commission line and the order cancellation warning are left out, and its one line is a
   * service (the commission on the named sale) rather than an offer.
   */
  isCommission?: boolean;
  /**
   * A cancellation invoice (Stornorechnung): the number of the invoice it cancels. Its amounts are
   * the original's negated; it is credited, not paid.
   */
  cancels?: string;
};

export function renderInvoicePdf(
  invoice: Omit<TSale, 'commissionInvoice'>,
  options: TRenderInvoicePdfOptions = {},
): Promise<Buffer> {
  const isCommission = options.isCommission === true;
  const { cancels } = options;
  // Embedded fonts (never the PDF's standard 14, which a reader substitutes): PDF/A, and so
  // Factur-X, requires every font in the file.
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    // PDF/A-3 is built on PDF 1.7.
    pdfVersion: '1.7',
    font: INVOICE_FONTS.regular,
    info: { Title: `Rechnung ${invoice.number}`, Subject: `Invoice ${invoice.number}`, Author: invoice.supplierName },
  });
  doc.registerFont('Regular', INVOICE_FONTS.regular);
  doc.registerFont('Bold', INVOICE_FONTS.bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;
  const issuedAt = new Date(invoice.issuedAt);
  const dueAt = new Date(invoice.dueAt);

  doc
    .font('Bold')
    .fontSize(20)
    .text(cancels ? 'Stornorechnung / Cancellation invoice' : 'Rechnung / Invoice');
  doc.moveDown(0.5);
  doc.font('Regular').fontSize(10);
  doc.text(`Rechnungsnummer / Invoice number: ${invoice.number}`);
  if (cancels) doc.text(`Storniert die Rechnung / Cancels invoice: ${cancels}`);
  doc.text(`Rechnungsdatum / Invoice date: ${formatInvoiceDate(issuedAt)}`);
  const serviceFrom = formatInvoiceDate(new Date(invoice.serviceFrom));
  const serviceTo = formatInvoiceDate(new Date(invoice.serviceTo));
  doc.text(
    serviceFrom === serviceTo
      ? `Leistungsdatum / Delivery date: ${serviceFrom}`
      : `Leistungszeitraum / Service period: ${serviceFrom} – ${serviceTo}`,
  );
  if (!cancels) doc.text(`Fällig am / Due date: ${formatInvoiceDate(dueAt)}`);
  if (!isCommission) doc.text(`Bestellung / Order: ${invoice.orderId}`);
  doc.moveDown();

  doc.font('Bold').text(isCommission ? 'Rechnungssteller / Issuer' : 'Anbieter / Supplier');
  doc.font('Regular');
  if (invoice.seller) {
    for (const line of addressLines(invoice.seller)) doc.text(line);
    doc.text(`USt-IdNr. / VAT ID: ${invoice.seller.vatId}`);
    doc.text(invoice.seller.contactEmail);
    if (invoice.seller.contactPhone) doc.text(`Tel. / Phone: ${invoice.seller.contactPhone}`);
    if (invoice.seller.legalName !== invoice.supplierName) doc.text(`für / for ${invoice.supplierName}`);
  } else {
    doc.text(invoice.supplierName).text(invoice.supplierId);
  }
  doc.moveDown(0.5);
  doc.font('Bold').text('Rechnungsempfänger / Bill to');
  doc.font('Regular');
  if (invoice.buyerParty) {
    for (const line of addressLines(invoice.buyerParty)) doc.text(line);
    if (invoice.buyerParty.vatId) doc.text(`USt-IdNr. / VAT ID: ${invoice.buyerParty.vatId}`);
    if (!isCommission) doc.text(`z. Hd. / Attn. ${invoice.buyer.name || invoice.buyer.email}`);
  } else {
    doc.text(invoice.buyer.name || invoice.buyer.email);
    if (invoice.buyer.email) doc.text(invoice.buyer.email);
  }
  doc.moveDown();
  if (!isCommission)
    doc
      .fontSize(8)
      .fillColor('#444444')
      .text(
        'Ausgestellt über den Datenmarktplatz im Namen des Anbieters; der Marktplatz vermittelt nur, der Vertrag besteht zwischen Anbieter und Käufer. / ' +
          'Issued through the data marketplace on behalf of the supplier; the marketplace acts as a broker only, the contract is between supplier and buyer.',
        { width },
      )
      .fillColor('black')
      .fontSize(10);
  doc.moveDown();

  const header = doc.y;
  doc.font('Bold');
  doc.text('Pos.', COLUMNS.position, header);
  doc.text('Menge, Angebot / Qty, offer', COLUMNS.title, header);
  doc.text('Einheit / Unit', COLUMNS.unit, header);
  doc.text('Netto / Net', COLUMNS.amount, header, { width: AMOUNT_WIDTH, align: 'right' });
  doc.font('Regular');
  doc
    .moveTo(MARGIN, doc.y + 2)
    .lineTo(MARGIN + width, doc.y + 2)
    .stroke();
  doc.moveDown(0.5);
  invoice.items.forEach((item, index) => {
    const top = doc.y;
    doc.text(String(index + 1), COLUMNS.position, top);
    doc.text(`${formatQuantity(item)} × ${item.title}`, COLUMNS.title, top, {
      width: COLUMNS.unit - COLUMNS.title - 10,
    });
    const titleBottom = doc.y;
    const unit = isCommission
      ? 'Leistung / Service'
      : item.unitPrice === undefined
        ? UNIT[item.paymentModel]
        : `${UNIT[item.paymentModel]}, à ${formatEuros(item.unitPrice)}`;
    doc.text(unit, COLUMNS.unit, top, { width: COLUMNS.amount - COLUMNS.unit - 10 });
    const unitBottom = doc.y;
    doc.text(formatEuros(item.price), COLUMNS.amount, top, { width: AMOUNT_WIDTH, align: 'right' });
    doc.y = Math.max(titleBottom, unitBottom, doc.y) + 4;
  });
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + width, doc.y)
    .stroke();
  doc.moveDown(0.5);

  // A row as high as its taller cell: a label that wraps pushes the next row down instead of
  // running into it.
  const totalLine = (label: string, amount: number, isBold = false) => {
    const top = doc.y;
    doc.font(isBold ? 'Bold' : 'Regular');
    doc.text(label, TOTALS_LABEL, top, { width: COLUMNS.amount - TOTALS_LABEL - 10 });
    const labelBottom = doc.y;
    doc.text(formatEuros(amount), COLUMNS.amount, top, { width: AMOUNT_WIDTH, align: 'right' });
    doc.y = Math.max(labelBottom, doc.y) + 2;
  };
  totalLine(`Netto zu / Net at ${percent(invoice.vatRate)} USt. / VAT`, invoice.net);
  totalLine(`USt. / VAT ${percent(invoice.vatRate)}`, invoice.vat);
  totalLine('Brutto / Gross', invoice.gross, true);
  doc.x = MARGIN;
  doc.font('Regular').moveDown();
  if (invoice.isReverseCharge) {
    doc.font('Bold').text(REVERSE_CHARGE_NOTE, MARGIN, doc.y, { width });
    doc.font('Regular').moveDown();
  }
  if (invoice.isNotTaxable) {
    doc.font('Bold').text(NOT_TAXABLE_NOTE, MARGIN, doc.y, { width });
    doc.font('Regular').moveDown();
  }

  if (!isCommission)
    doc.text(
      `Provision des Marktplatzes / Marketplace commission (${percent(invoice.commissionRate)}), im Nettobetrag enthalten / included in the net amount: ${formatEuros(invoice.commission)}`,
      MARGIN,
      doc.y,
      { width },
    );
  if (!isCommission) doc.moveDown();
  if (cancels) {
    doc
      .font('Regular')
      .text(
        `Der Betrag von ${formatEuros(-invoice.gross)} wird Ihnen gutgeschrieben oder, falls bereits gezahlt, erstattet. ` +
          `The amount of ${formatEuros(-invoice.gross)} is credited to you or, if already paid, refunded.`,
        MARGIN,
        doc.y,
        { width },
      );
    doc.end();
    return done;
  }
  doc.font('Bold').text('Zahlung / Payment');
  doc
    .font('Regular')
    .text(
      `Bitte überweisen Sie ${formatEuros(invoice.gross)} bis zum ${formatInvoiceDate(dueAt)} unter Angabe der Rechnungsnummer ${invoice.number}. ` +
        `Please transfer ${formatEuros(invoice.gross)} by ${formatInvoiceDate(dueAt)}, quoting invoice number ${invoice.number}.` +
        (isCommission
          ? ''
          : ' Ohne Zahlung binnen 30 Tagen wird die Bestellung storniert. / Without payment within 30 days the order is cancelled.'),
      { width },
    );
  if (invoice.seller) {
    doc
      .moveDown(0.5)
      .text(`IBAN: ${formatIban(invoice.seller.iban)}`)
      .text(`BIC: ${invoice.seller.bic}`);
  }
  if (invoice.state === 'paid' && invoice.paidAt) {
    doc
      .moveDown()
      .font('Bold')
      .text(`Bezahlt am / Paid on ${formatInvoiceDate(new Date(invoice.paidAt))}`);
  } else if (invoice.state === 'cancelled' && invoice.cancelledAt) {
    doc
      .moveDown()
      .font('Bold')
      .text(`Storniert am / Cancelled on ${formatInvoiceDate(new Date(invoice.cancelledAt))}`);
  }
  doc.end();
  return done;
}
