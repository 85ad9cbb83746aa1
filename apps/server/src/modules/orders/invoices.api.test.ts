import { ErrorCode, REVERSE_CHARGE_NOTE, type TErrorResponse, type TOwnOrganisationResponse } from '@dsm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { requestAs, signIn, TEST_ORGANISATION, type TSignedIn } from '../../test/auth';
import { useTestApp } from '../../test/lifecycle';
import { request } from '../../test/test-app';
import type { TOfferRecord } from '../catalogue/offer-record';
import { at, parseXml, type TXml } from './e-invoice-test-data';
import { addMonths } from './invoice-dates';
import {
  checkOut,
  downloadAs,
  HAMBURG_ORGANISATION,
  insertOffersOf,
  invoiceOfNoSeller,
  itemOf,
  readOrder,
  readPdfText,
  type TTestSupplier,
} from './orders-test-data';

/** The publishers of this file, each sold for by its own organisation. */
const PUBLISHER_NORTH: TTestSupplier = { id: 'https://dsm.example/agents/invoice-north', name: 'Nord Geodaten' };
const PUBLISHER_SOUTH: TTestSupplier = { id: 'https://dsm.example/agents/invoice-south', name: 'Süd Verkehr' };

const SELLER_NORTH = {
  ...HAMBURG_ORGANISATION,
  legalName: 'Nordlicht Daten GmbH',
  street: 'Hafenstraße 7',
  contactEmail: 'rechnung@nordlicht.example',
};
const SELLER_SOUTH = {
  ...TEST_ORGANISATION,
  legalName: 'Südwind Mobilität AG',
  street: 'Marienplatz 2',
  postalCode: '80331',
  city: 'München',
  vatId: 'DE281963554',
  contactEmail: 'billing@suedwind.example',
};

let northSeller: TSignedIn;
let offers: Record<'north' | 'northSubscription' | 'south', TOfferRecord>;

function pay(who: TSignedIn, ...items: TOfferRecord[]) {
  return checkOut(testApp, who, items);
}

async function pdfText(who: TSignedIn, path: string): Promise<string> {
  const file = await downloadAs(testApp, who, path);
  expect(file.status).toBe(200);
  return readPdfText(file.bytes);
}

const testApp = useTestApp({ COMMISSION_RATE: '0.1' });

beforeAll(async () => {
  const db = testApp.database.db;
  let southSeller: TSignedIn;
  [northSeller, southSeller] = await Promise.all([
    signIn(testApp, { organisation: SELLER_NORTH }),
    signIn(testApp, { organisation: SELLER_SOUTH }),
  ]);
  // Each seller's organisation sells as its publisher.
  const north = await insertOffersOf(db, {
    supplier: PUBLISHER_NORTH,
    seller: northSeller,
    offers: {
      north: { title: 'Coastline survey', price: 100 },
      northSubscription: { title: 'Harbour traffic feed', paymentModel: 'SUBSCRIPTION_BASED', price: 20 },
    },
  });
  const south = await insertOffersOf(db, {
    supplier: PUBLISHER_SOUTH,
    seller: southSeller,
    offers: { south: { title: 'Tram delays', price: 10 } },
  });
  offers = { ...north, ...south };
});

describe('an invoice under §14 UStG', () => {
  it('names both parties with addresses, the VAT ID, dates, lines, totals per rate, terms and the bank account', async () => {
    const buyer = await signIn(testApp, {
      name: 'Bea Buyer',
      organisation: { legalName: 'Käuferin KG', street: 'Domkloster 4', postalCode: '50667', city: 'Köln' },
    });
    const placed = await pay(buyer, offers.north);
    expect(placed.status).toBe(201);
    const invoice = placed.body.invoices[0]!;
    expect(invoice).toMatchObject({
      net: 100,
      vatRate: 0.19,
      vat: 19,
      gross: 119,
      isReverseCharge: false,
      seller: { legalName: SELLER_NORTH.legalName, vatId: SELLER_NORTH.vatId, iban: SELLER_NORTH.iban },
      buyerParty: { legalName: 'Käuferin KG', city: 'Köln', iban: '', bic: '' },
    });
    // A subscription's first month, the model checkout invoices.
    expect(invoice.serviceFrom).toBe(invoice.issuedAt);
    const monthOn = addMonths(new Date(invoice.issuedAt), 1);
    expect(invoice.serviceTo).toBe(monthOn.toISOString());

    const text = await pdfText(buyer, invoice.pdfPath);
    const day = new Intl.DateTimeFormat('de-DE', {
      timeZone: 'Europe/Berlin',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).format(new Date(invoice.issuedAt));
    const lastDay = new Intl.DateTimeFormat('de-DE', {
      timeZone: 'Europe/Berlin',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).format(monthOn);
    for (const expected of [
      // the seller: name, address, VAT ID
      'Nordlicht Daten GmbH',
      'Hafenstraße 7',
      '20457 Hamburg',
      'USt-IdNr. / VAT ID: DE281963546',
      // the buyer: name and address
      'Käuferin KG',
      'Domkloster 4',
      '50667 Köln',
      // number, invoice date and service period
      `Rechnungsnummer / Invoice number: ${invoice.number}`,
      `Rechnungsdatum / Invoice date: ${day}`,
      `Leistungszeitraum / Service period: ${day} – ${lastDay}`,
      // quantity and description of the line
      '1 × Coastline survey',
      // net per VAT rate, VAT, gross
      'Netto zu / Net at 19 % USt. / VAT 100,00 €',
      'USt. / VAT 19 % 19,00 €',
      'Brutto / Gross 119,00 €',
      // payment terms and the seller's account
      'Bitte überweisen Sie 119,00 €',
      'IBAN: DE02 1203 0000 0000 2020 51',
      'BIC: BYLADEM1001',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('reverse charge');
  });

  it('gives a subscription a service period of one month', async () => {
    const buyer = await signIn(testApp);
    const placed = await pay(buyer, offers.northSubscription);
    const invoice = placed.body.invoices[0]!;
    expect(invoice.serviceTo).toBe(addMonths(new Date(invoice.serviceFrom), 1).toISOString());
    expect(await pdfText(buyer, invoice.pdfPath)).toContain('Leistungszeitraum / Service period:');
  });

  it('keeps the parties it was issued with when the profiles change later', async () => {
    const buyer = await signIn(testApp, { organisation: { legalName: 'Alte Firma GmbH' } });
    const placed = await pay(buyer, offers.south);
    const save = (who: TSignedIn, body: unknown) =>
      requestAs<TOwnOrganisationResponse>(testApp, who, 'PUT', '/api/profile/organisation', body);
    expect((await save(buyer, { ...TEST_ORGANISATION, legalName: 'Neue Firma GmbH' })).status).toBe(200);
    const text = await pdfText(buyer, placed.body.invoices[0]!.pdfPath);
    expect(text).toContain('Alte Firma GmbH');
    expect(text).not.toContain('Neue Firma GmbH');
    const order = await readOrder(testApp, buyer, placed.body.id);
    expect(order.body.invoices[0]!.buyerParty?.legalName).toBe('Alte Firma GmbH');
  });
});

describe('reverse charge', () => {
  it('bills an EU business buyer outside Germany with a VAT ID at 0 % with the legal note', async () => {
    const buyer = await signIn(testApp, {
      organisation: {
        legalName: 'Données Ouvertes SARL',
        street: '1 rue de Rivoli',
        postalCode: '75001',
        city: 'Paris',
        country: 'FR',
        vatId: 'FR40303265045',
        iban: '',
        bic: '',
      },
    });
    const placed = await pay(buyer, offers.north);
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ net: 100, vat: 0, gross: 100 });
    const invoice = placed.body.invoices[0]!;
    expect(invoice).toMatchObject({ isReverseCharge: true, vatRate: 0, vat: 0, gross: 100 });
    const text = await pdfText(buyer, invoice.pdfPath);
    expect(text).toContain(REVERSE_CHARGE_NOTE);
    expect(text).toContain('USt. / VAT 0 % 0,00 €');
    expect(text).toContain('USt-IdNr. / VAT ID: FR40303265045');
  });

  it('does not apply to a German buyer, nor to an EU buyer without a VAT ID', async () => {
    const withoutVatId = await signIn(testApp, {
      organisation: { country: 'AT', postalCode: '1010', city: 'Wien', vatId: '', iban: '', bic: '' },
    });
    const placed = await pay(withoutVatId, offers.south);
    expect(placed.body.invoices[0]).toMatchObject({ isReverseCharge: false, vatRate: 0.19, vat: 1.9 });
  });
});

describe('invoice numbers', () => {
  /** The sequences of an issuer's invoices this year, sorted. */
  async function sequencesOf(supplierId: string): Promise<number[]> {
    const rows = await testApp.database.db
      .selectFrom('invoices')
      .select(['sequence', 'issuer_key'])
      .where('supplier_id', '=', supplierId)
      .execute();
    expect(new Set(rows.map((row) => row.issuer_key)).size).toBe(1);
    return rows.map((row) => row.sequence).sort((a, b) => a - b);
  }

  it('run per seller without gaps when many buyers check out at once, in either order of suppliers', async () => {
    const buyers = await Promise.all(Array.from({ length: 12 }, () => signIn(testApp)));
    const results = await Promise.all(
      buyers.map((buyer, index) =>
        index % 2 === 0 ? pay(buyer, offers.north, offers.south) : pay(buyer, offers.south, offers.north),
      ),
    );
    expect(results.map((result) => result.status)).toEqual(buyers.map(() => 201));
    for (const publisher of [PUBLISHER_NORTH, PUBLISHER_SOUTH]) {
      const sequences = await sequencesOf(publisher.id);
      expect(sequences).toEqual(sequences.map((_, index) => index + 1));
    }
    const northNumbers = results.map(
      (result) => result.body.invoices.find((invoice) => invoice.supplierId === PUBLISHER_NORTH.id)!.number,
    );
    expect(new Set(northNumbers).size).toBe(12);
  });

  it('gives the number back when the order fails, so the next one closes the range', async () => {
    const before = await sequencesOf(PUBLISHER_SOUTH.id);
    const stranger = await signIn(testApp);
    const refused = await request<TErrorResponse>(
      testApp.baseUrl,
      'POST',
      '/idp-service/payment',
      {
        consumerId: stranger.user.id,
        purchasedItems: [itemOf(offers.south), { productId: crypto.randomUUID(), providerId: 'x' }],
      },
      stranger.headers,
    );
    expect(refused.body.code).toBe(ErrorCode.NOT_FOUND);
    await pay(stranger, offers.south);
    expect(await sequencesOf(PUBLISHER_SOUTH.id)).toEqual([...before, before.length + 1]);
  });

  it('are shown to the seller in My sales', async () => {
    const sales = await requestAs<{ data: { number: string; seller: { legalName: string } | null }[] }>(
      testApp,
      northSeller,
      'GET',
      '/api/sales?index=0&pageSize=100',
    );
    expect(sales.status).toBe(200);
    expect(sales.body.data.length).toBeGreaterThan(0);
    expect(sales.body.data.every((sale) => sale.seller?.legalName === SELLER_NORTH.legalName)).toBe(true);
  });
});

async function eInvoice(who: TSignedIn, path: string): Promise<{ status: number; type: string | null; xml: TXml }> {
  const file = await downloadAs(testApp, who, path);
  const xml = parseXml(new TextDecoder().decode(file.bytes));
  return { status: file.status, type: file.headers.get('content-type'), xml };
}

describe('the e-invoice (XRechnung UBL)', () => {
  it('carries the mandatory business terms of EN 16931 with the same values as the invoice', async () => {
    const buyer = await signIn(testApp, { organisation: { legalName: 'E-Rechnung Käufer GmbH' } });
    const placed = await pay(buyer, offers.north, offers.northSubscription);
    const invoice = placed.body.invoices[0]!;
    expect(invoice.xmlPath).toBe(`/api/invoices/${invoice.id}/xml`);
    const { status, type, xml } = await eInvoice(buyer, invoice.xmlPath!);
    expect(status).toBe(200);
    expect(type).toContain('application/xml');
    const doc = at(xml, 'Invoice');
    const day = (iso: string) =>
      new Intl.DateTimeFormat('en-CA', {
        timeZone: 'Europe/Berlin',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).format(new Date(iso));
    const seller = at(doc, 'cac:AccountingSupplierParty', 'cac:Party');
    const customer = at(doc, 'cac:AccountingCustomerParty', 'cac:Party');
    const totals = at(doc, 'cac:LegalMonetaryTotal');
    const taxTotal = at(doc, 'cac:TaxTotal');
    const subtotal = at(taxTotal, 'cac:TaxSubtotal');
    expect({
      'BT-1 number': at(doc, 'cbc:ID'),
      'BT-2 issue date': at(doc, 'cbc:IssueDate'),
      'BT-5 currency': at(doc, 'cbc:DocumentCurrencyCode'),
      'BT-27 seller name': at(seller, 'cac:PartyLegalEntity', 'cbc:RegistrationName'),
      'BT-31 seller VAT ID': at(seller, 'cac:PartyTaxScheme', 'cbc:CompanyID'),
      'BT-35 seller street': at(seller, 'cac:PostalAddress', 'cbc:StreetName'),
      'BT-44 buyer name': at(customer, 'cac:PartyLegalEntity', 'cbc:RegistrationName'),
      'BT-84 IBAN': at(doc, 'cac:PaymentMeans', 'cac:PayeeFinancialAccount', 'cbc:ID'),
      'BT-86 BIC': at(doc, 'cac:PaymentMeans', 'cac:PayeeFinancialAccount', 'cac:FinancialInstitutionBranch', 'cbc:ID'),
      'BT-106 sum of lines': at(totals, 'cbc:LineExtensionAmount', '#text'),
      'BT-109 total without VAT': at(totals, 'cbc:TaxExclusiveAmount', '#text'),
      'BT-110 VAT total': at(taxTotal, 'cbc:TaxAmount', '#text'),
      'BT-112 total with VAT': at(totals, 'cbc:TaxInclusiveAmount', '#text'),
      'BT-115 amount due': at(totals, 'cbc:PayableAmount', '#text'),
      'BT-116 taxable amount': at(subtotal, 'cbc:TaxableAmount', '#text'),
      'BT-118 VAT category': at(subtotal, 'cac:TaxCategory', 'cbc:ID'),
      'BT-119 VAT rate': at(subtotal, 'cac:TaxCategory', 'cbc:Percent'),
    }).toEqual({
      'BT-1 number': invoice.number,
      'BT-2 issue date': day(invoice.issuedAt),
      'BT-5 currency': 'EUR',
      'BT-27 seller name': SELLER_NORTH.legalName,
      'BT-31 seller VAT ID': SELLER_NORTH.vatId,
      'BT-35 seller street': SELLER_NORTH.street,
      'BT-44 buyer name': 'E-Rechnung Käufer GmbH',
      'BT-84 IBAN': SELLER_NORTH.iban,
      'BT-86 BIC': SELLER_NORTH.bic,
      'BT-106 sum of lines': '120.00',
      'BT-109 total without VAT': '120.00',
      'BT-110 VAT total': '22.80',
      'BT-112 total with VAT': '142.80',
      'BT-115 amount due': '142.80',
      'BT-116 taxable amount': '120.00',
      'BT-118 VAT category': 'S',
      'BT-119 VAT rate': '19',
    });
    const lines = at(doc, 'cac:InvoiceLine') as TXml[];
    expect(lines.map((line) => [at(line, 'cac:Item', 'cbc:Name'), at(line, 'cbc:InvoicedQuantity', '#text')])).toEqual([
      ['Coastline survey', '1'],
      ['Harbour traffic feed', '1'],
    ]);
    // BT-73/74: the service period, a month for the subscription.
    expect(at(doc, 'cac:InvoicePeriod', 'cbc:StartDate')).toBe(day(invoice.serviceFrom));
    expect(at(doc, 'cac:InvoicePeriod', 'cbc:EndDate')).toBe(day(invoice.serviceTo));

    // The seller's members download it too, a stranger does not.
    expect((await eInvoice(northSeller, invoice.xmlPath!)).status).toBe(200);
    expect((await eInvoice(await signIn(testApp), invoice.xmlPath!)).status).toBe(403);
  });

  it("says reverse charge with category AE at 0 % and the buyer's VAT ID", async () => {
    const buyer = await signIn(testApp, {
      organisation: { country: 'FR', vatId: 'FR40303265045', postalCode: '75001', city: 'Paris', iban: '', bic: '' },
    });
    const invoice = (await pay(buyer, offers.south)).body.invoices[0]!;
    const { xml } = await eInvoice(buyer, invoice.xmlPath!);
    const doc = at(xml, 'Invoice');
    const category = at(doc, 'cac:TaxTotal', 'cac:TaxSubtotal', 'cac:TaxCategory');
    expect(at(category, 'cbc:ID')).toBe('AE');
    expect(at(category, 'cbc:Percent')).toBe('0');
    expect(at(category, 'cbc:TaxExemptionReason')).toBe(REVERSE_CHARGE_NOTE);
    expect(at(doc, 'cac:AccountingCustomerParty', 'cac:Party', 'cac:PartyTaxScheme', 'cbc:CompanyID')).toBe(
      'FR40303265045',
    );
    expect(at(doc, 'cac:LegalMonetaryTotal', 'cbc:PayableAmount', '#text')).toBe('10.00');
  });

  it('is not offered for an invoice that names no seller (issued before paid offers needed one)', async () => {
    const { buyer, invoice } = await invoiceOfNoSeller(testApp, 'Imported offer');
    expect(invoice.seller).toBeNull();
    expect(invoice.xmlPath).toBeNull();
    const response = await fetch(`${testApp.baseUrl}/api/invoices/${invoice.id}/xml`, { headers: buyer.headers });
    expect(response.status).toBe(409);
  });
});
