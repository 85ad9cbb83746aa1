import { createRequire } from 'node:module';
import path from 'node:path';
import type { TInvoiceParty, TSale } from '@dsm/contracts';
import { describe, expect, it } from 'vitest';
import { renderInvoicePdf, type TRenderInvoicePdfOptions } from './render-invoice-pdf';

const require = createRequire(import.meta.url);
const STANDARD_FONTS = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** One run of text as a reader places it: page, its box in PDF points (y up) and its text. */
type TTextBox = { page: number; text: string; left: number; right: number; bottom: number; top: number };

/** Every run of text of a PDF with its box, as pdf.js (what browsers show) lays it out. */
async function textBoxesOf(pdf: Uint8Array): Promise<TTextBox[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await getDocument({ data: new Uint8Array(pdf), standardFontDataUrl: STANDARD_FONTS, verbosity: 0 })
    .promise;
  const boxes: TTextBox[] = [];
  for (let page = 1; page <= document.numPages; page++) {
    const content = await (await document.getPage(page)).getTextContent();
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const [, , , , x, y] = item.transform as number[];
      // From the descenders to the ascenders of the font size the run is set in.
      boxes.push({
        page,
        text: item.str,
        left: x!,
        right: x! + item.width,
        bottom: y! - 0.2 * item.height,
        top: y! + 0.8 * item.height,
      });
    }
  }
  await document.destroy();
  return boxes;
}

/** The pairs of runs whose boxes cover each other on the same page (a hair of rounding allowed). */
function overlapsOf(boxes: readonly TTextBox[]): string[] {
  const found: string[] = [];
  const EPSILON = 0.5;
  boxes.forEach((a, index) => {
    for (const b of boxes.slice(index + 1)) {
      if (a.page !== b.page) continue;
      const isAcross = a.left < b.right - EPSILON && b.left < a.right - EPSILON;
      const isAlong = a.bottom < b.top - EPSILON && b.bottom < a.top - EPSILON;
      if (isAcross && isAlong) found.push(`"${a.text}" / "${b.text}"`);
    }
  });
  return found;
}

const party = (legalName: string, country: string, vatId: string): TInvoiceParty => ({
  legalName,
  street: 'Sehr lange Straße der Datenwirtschaft 123a, Hinterhaus, 3. Obergeschoss',
  postalCode: '04109',
  city: 'Leipzig',
  country,
  vatId,
  iban: 'DE02120300000000202051',
  bic: 'BYLADEM1001',
  contactEmail: 'rechnung@example.org',
  contactPhone: '+49 341 1234567',
});

const LONG_TITLE =
  'Luftqualitätsmessungen aller Messstationen Sachsens mit stündlichen Werten für Feinstaub (PM10, PM2.5), Stickstoffdioxid und Ozon, 2019 bis 2026, als Zeitreihe je Station';

const invoiceWith = (vatRate: number, net: number): Omit<TSale, 'commissionInvoice'> => {
  const vat = Math.round(net * vatRate * 100) / 100;
  return {
    id: '00000000-0000-4000-8000-000000000001',
    number: '2026-000042',
    orderId: '00000000-0000-4000-8000-000000000002',
    supplierId: 'https://example.org/publisher/with/a/long/identifier',
    supplierName: 'Landesamt für Umwelt, Landwirtschaft und Geologie des Freistaates Sachsen',
    issuedAt: '2026-11-29T10:00:00.000Z',
    dueAt: '2026-12-29T10:00:00.000Z',
    currency: 'EUR',
    net,
    vatRate,
    vat,
    gross: net + vat,
    commissionRate: 0.1,
    commission: Math.round(net * 10) / 100,
    state: 'open',
    paidAt: null,
    cancelledAt: null,
    seller: party('Landesamt für Umwelt, Landwirtschaft und Geologie des Freistaates Sachsen', 'DE', 'DE123456789'),
    buyerParty: party(
      'Käuferin Datenanalyse und Stadtplanung GmbH & Co. KG',
      vatRate === 0 ? 'AT' : 'DE',
      'ATU12345678',
    ),
    serviceFrom: '2026-11-29T10:00:00.000Z',
    serviceTo: '2026-12-29T10:00:00.000Z',
    isReverseCharge: vatRate === 0,
    isNotTaxable: false,
    pdfPath: '/api/invoices/x/pdf',
    xmlPath: null,
    facturXPath: null,
    items: [
      {
        productId: 'a',
        providerId: 'p',
        providerName: 'p',
        title: LONG_TITLE,
        paymentModel: 'SUBSCRIPTION_BASED',
        price: 99.5,
      },
      {
        productId: 'b',
        providerId: 'p',
        providerName: 'p',
        title: `${LONG_TITLE} (Verbrauch)`,
        paymentModel: 'DATA_VOLUME_BASED',
        price: 55.5,
        quantity: 1234.567,
        unitPrice: 0.045,
      },
    ],
    buyer: { id: 'u', name: 'Erika Mustermann-Langname', email: 'erika@example.org' },
  };
};

const CASES: [string, Omit<TSale, 'commissionInvoice'>, TRenderInvoicePdfOptions][] = [
  ['at 19 % VAT', invoiceWith(0.19, 155), {}],
  ['at 0 % VAT (reverse charge)', invoiceWith(0, 155), {}],
  ['not taxable in Germany', { ...invoiceWith(0, 155), isReverseCharge: false, isNotTaxable: true }, {}],
  ['as a commission invoice', invoiceWith(0.19, 15.5), { isCommission: true }],
  ['as a cancellation invoice', invoiceWith(0.19, -155), { cancels: '2026-000041' }],
];

describe('renderInvoicePdf', () => {
  it.each(CASES)('sets no text over other text %s, with long titles and names', async (_name, invoice, options) => {
    const boxes = await textBoxesOf(await renderInvoicePdf(invoice, options));
    expect(boxes.length).toBeGreaterThan(20);
    expect(overlapsOf(boxes)).toEqual([]);
    // What follows the totals starts at the left margin again, not in the amount column.
    const after = boxes.find((box) => /^(Zahlung \/ Payment|Der Betrag von)/.test(box.text));
    expect(after?.left).toBeCloseTo(50, 0);
  });

  it('prints the net, the VAT at its rate and the gross in the totals, each beside its amount', async () => {
    const boxes = await textBoxesOf(await renderInvoicePdf(invoiceWith(0.19, 155)));
    const amountOf = (label: RegExp) => {
      const start = boxes.findIndex((box) => label.test(box.text));
      expect(start, `label ${label}`).toBeGreaterThanOrEqual(0);
      const labelBox = boxes[start]!;
      // The amount sits on the first line of its label, in the right-hand column.
      const amount = boxes.find(
        (box) => box.page === labelBox.page && box.left > labelBox.right && Math.abs(box.top - labelBox.top) < 1,
      );
      return amount?.text;
    };
    expect(amountOf(/^Netto zu \/ Net at 19 %/)).toBe('155,00 €');
    expect(amountOf(/^USt\. \/ VAT 19 %/)).toBe('29,45 €');
    expect(amountOf(/^Brutto \/ Gross/)).toBe('184,45 €');
  });
});
