import { NOT_TAXABLE_NOTE, type TSalesResponse } from '@dsm/contracts';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { requestAs, signIn, TEST_ORGANISATION, type TSignedIn } from '../../test/auth';
import { useTestApp } from '../../test/lifecycle';
import type { TOfferRecord } from '../catalogue/offer-record';
import { addAgentMember } from './add-agent-member';
import { at, attachmentsOf, parseXml } from './e-invoice-test-data';
import { checkOut, downloadAs, insertOfferOf, readPdfText, type TTestSupplier } from './orders-test-data';

/**
 * A service to a business outside the EU is supplied where that business sits (§3a Abs. 2 UStG):
 * no German VAT, the note on the invoice, category O in the e-invoice; for the marketplace's
 * commission invoices to suppliers outside the EU as for the suppliers' own invoices.
 */

// Rendering PDFs with embedded fonts takes a second or more on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const PUBLISHER_DE: TTestSupplier = { id: 'https://dsm.example/agents/not-taxable-de', name: 'Pegel Nord' };
const PUBLISHER_US: TTestSupplier = { id: 'https://dsm.example/agents/not-taxable-us', name: 'Gauges Inc.' };
const US_ORGANISATION = {
  legalName: 'River Data Inc.',
  street: '1 Main Street',
  postalCode: '10001',
  city: 'New York',
  country: 'US',
  vatId: '',
  contactEmail: 'billing@riverdata.example',
};

let sellerDe: TSignedIn;
let sellerUs: TSignedIn;
let offerDe: TOfferRecord;
let offerUs: TOfferRecord;

const testApp = useTestApp({ COMMISSION_RATE: '0.1' });

beforeAll(async () => {
  const db = testApp.database.db;
  sellerDe = await signIn(testApp, { organisation: { ...TEST_ORGANISATION, legalName: 'Pegel Nord GmbH' } });
  sellerUs = await signIn(testApp, {
    organisation: { ...US_ORGANISATION, legalName: 'Gauges Inc.', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
  });
  offerDe = await insertOfferOf(db, PUBLISHER_DE, { title: 'Elbe gauges', price: 100 });
  offerUs = await insertOfferOf(db, PUBLISHER_US, { title: 'Hudson gauges', price: 50 });
  await addAgentMember({ db, agentId: PUBLISHER_DE.id, userId: sellerDe.user.id });
  await addAgentMember({ db, agentId: PUBLISHER_US.id, userId: sellerUs.user.id });
});

const pay = (who: TSignedIn, ...items: TOfferRecord[]) => checkOut(testApp, who, items);

/** The bytes of a file `who` downloads, which they may. */
async function download(who: TSignedIn, path: string): Promise<Uint8Array> {
  const file = await downloadAs(testApp, who, path);
  expect(file.status).toBe(200);
  return file.bytes;
}

describe('a business buyer outside the EU', () => {
  it('is invoiced without German VAT, with the note, in the invoice, its PDF and the API', async () => {
    const buyer = await signIn(testApp, { organisation: US_ORGANISATION });
    const placed = await pay(buyer, offerDe);
    expect(placed.status).toBe(201);
    const invoice = placed.body.invoices[0]!;
    expect(invoice).toMatchObject({
      net: 100,
      vatRate: 0,
      vat: 0,
      gross: 100,
      isReverseCharge: false,
      isNotTaxable: true,
      commission: 10,
    });
    expect(placed.body.gross).toBe(100);

    const text = await readPdfText(await download(buyer, invoice.pdfPath));
    expect(text).toContain(NOT_TAXABLE_NOTE);
    expect(text).toContain('Netto zu / Net at 0 % USt. / VAT 100,00 €');
    expect(text).toContain('Brutto / Gross 100,00 €');
    expect(text).not.toContain('Steuerschuldnerschaft des Leistungsempfängers');
  });

  it('gets an XRechnung of category O (not subject to VAT) with the exemption reason, which e-invoice-eu accepts', async () => {
    const buyer = await signIn(testApp, { organisation: US_ORGANISATION });
    const invoice = (await pay(buyer, offerDe)).body.invoices[0]!;
    const xml = parseXml(new TextDecoder().decode(await download(buyer, invoice.xmlPath!)));
    const doc = at(xml, 'Invoice');
    const category = at(doc, 'cac:TaxTotal', 'cac:TaxSubtotal', 'cac:TaxCategory');
    expect({
      'BT-22 note': at(doc, 'cbc:Note'),
      'BT-110 VAT total': at(doc, 'cac:TaxTotal', 'cbc:TaxAmount', '#text'),
      'BT-118 category': at(category, 'cbc:ID'),
      'BT-119 rate': at(category, 'cbc:Percent'),
      'BT-120 reason': at(category, 'cbc:TaxExemptionReason'),
      'BT-121 reason code': at(category, 'cbc:TaxExemptionReasonCode'),
      'BT-151 line category': at(doc, 'cac:InvoiceLine', 'cac:Item', 'cac:ClassifiedTaxCategory', 'cbc:ID'),
      'BT-152 line rate': at(doc, 'cac:InvoiceLine', 'cac:Item', 'cac:ClassifiedTaxCategory', 'cbc:Percent'),
      'BT-112 total with VAT': at(doc, 'cac:LegalMonetaryTotal', 'cbc:TaxInclusiveAmount', '#text'),
    }).toEqual({
      'BT-22 note': NOT_TAXABLE_NOTE,
      'BT-110 VAT total': '0.00',
      'BT-118 category': 'O',
      'BT-119 rate': undefined,
      'BT-120 reason': NOT_TAXABLE_NOTE,
      'BT-121 reason code': 'VATEX-EU-O',
      'BT-151 line category': 'O',
      'BT-152 line rate': undefined,
      'BT-112 total with VAT': '100.00',
    });
    // BR-O-02: no VAT identifier of either party; BR-CO-26: the seller is identified by its VAT ID instead.
    const seller = at(doc, 'cac:AccountingSupplierParty', 'cac:Party');
    expect(at(seller, 'cac:PartyTaxScheme')).toBeUndefined();
    expect(at(seller, 'cac:PartyIdentification', 'cbc:ID')).toBe(TEST_ORGANISATION.vatId);
    expect(at(doc, 'cac:AccountingCustomerParty', 'cac:Party', 'cac:PartyTaxScheme')).toBeUndefined();
  });

  it('gets a Factur-X whose embedded CII says category O with the reason', async () => {
    const buyer = await signIn(testApp, { organisation: US_ORGANISATION });
    const invoice = (await pay(buyer, offerDe)).body.invoices[0]!;
    const pdf = await download(buyer, invoice.facturXPath!);
    const cii = new TextDecoder().decode((await attachmentsOf(pdf))['factur-x.xml']);
    expect(cii).toMatch(/<ram:CategoryCode>O<\/ram:CategoryCode>/);
    expect(cii).toContain('VATEX-EU-O');
    expect(cii).toContain('Nicht im Inland steuerbare Leistung');
    expect(cii).not.toMatch(/<ram:CategoryCode>S<\/ram:CategoryCode>/);
  });

  it('leaves buyers inside the EU as they were: 19 % at home, reverse charge in another member state', async () => {
    const home = await signIn(testApp);
    expect((await pay(home, offerDe)).body.invoices[0]).toMatchObject({ vatRate: 0.19, isNotTaxable: false });
    const french = await signIn(testApp, {
      organisation: { ...TEST_ORGANISATION, country: 'FR', vatId: 'FR40303265045', postalCode: '75001', city: 'Paris' },
    });
    expect((await pay(french, offerDe)).body.invoices[0]).toMatchObject({
      vatRate: 0,
      isReverseCharge: true,
      isNotTaxable: false,
    });
  });
});

describe('a supplier outside the EU', () => {
  it("is billed the marketplace's commission without German VAT, with the note", async () => {
    const buyer = await signIn(testApp);
    const invoice = (await pay(buyer, offerUs)).body.invoices[0]!;
    const sales = await requestAs<TSalesResponse>(testApp, sellerUs, 'GET', '/api/sales?index=0&pageSize=100');
    const commission = sales.body.data.find((sale) => sale.id === invoice.id)!.commissionInvoice!;
    expect(commission).toMatchObject({
      net: 5,
      vatRate: 0,
      vat: 0,
      gross: 5,
      isReverseCharge: false,
      isNotTaxable: true,
    });
    const text = await readPdfText(await download(sellerUs, commission.pdfPath));
    expect(text).toContain(NOT_TAXABLE_NOTE);
    expect(text).toContain('Brutto / Gross 5,00 €');
  });
});
