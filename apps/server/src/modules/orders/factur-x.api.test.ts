import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFRef,
  PDFStream,
} from '@cantoo/pdf-lib';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { signIn, type TSignedIn } from '../../test/auth';
import { useTestApp } from '../../test/lifecycle';
import type { TOfferRecord } from '../catalogue/offer-record';
import { addAgentMember } from './add-agent-member';
import { at, attachmentsOf, parseEInvoice } from './e-invoice-test-data';
import { renderedOnThreads } from './invoice-rendering';
import {
  checkOut,
  downloadAs,
  HAMBURG_ORGANISATION,
  insertOfferOf,
  invoiceOfNoSeller,
  readPdfText,
  type TTestSupplier,
} from './orders-test-data';

/**
 * The Factur-X/ZUGFeRD download: a PDF/A-3 invoice with the EN 16931 CII XML inside, as a buyer's
 * bookkeeping reads it (the attachment, the business terms) and as a PDF/A checker looks at it.
 */

const PUBLISHER: TTestSupplier = { id: 'https://dsm.example/agents/facturx-north', name: 'Factur Nord' };
const SELLER = {
  ...HAMBURG_ORGANISATION,
  legalName: 'Hybrid Rechnung GmbH',
  street: 'Speicherstadt 3',
  contactEmail: 'rechnung@hybrid.example',
  contactPhone: '+49 40 555 0100',
};

// Rendering PDFs with embedded fonts takes a second or more on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

let seller: TSignedIn;
let offer: TOfferRecord;

const testApp = useTestApp({ COMMISSION_RATE: '0.1' });

beforeAll(async () => {
  seller = await signIn(testApp, { organisation: SELLER });
  offer = await insertOfferOf(testApp.database.db, PUBLISHER, { title: 'Elbe water levels', price: 250 });
  await addAgentMember({ db: testApp.database.db, agentId: PUBLISHER.id, userId: seller.user.id });
});

function pay(who: TSignedIn, ...items: TOfferRecord[]) {
  return checkOut(testApp, who, items);
}

const download = (who: TSignedIn, path: string) => downloadAs(testApp, who, path);

const streamText = (stream: PDFStream): string =>
  new TextDecoder().decode(stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : stream.getContents());

describe('GET /api/invoices/{id}/facturx', () => {
  it('is the invoice as PDF/A-3 with the EN 16931 CII XML embedded as factur-x.xml, carrying the business terms', async () => {
    const buyer = await signIn(testApp, {
      organisation: { legalName: 'Deutsche Käufer GmbH', street: 'Domkloster 4', postalCode: '50667', city: 'Köln' },
    });
    const placed = await pay(buyer, offer);
    expect(placed.status).toBe(201);
    const invoice = placed.body.invoices[0]!;
    expect(invoice.facturXPath).toBe(`/api/invoices/${invoice.id}/facturx`);

    const file = await download(buyer, invoice.facturXPath!);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('application/pdf');
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="invoice-${invoice.number}-factur-x.pdf"`,
    );

    // Still the readable invoice.
    const text = await readPdfText(file.bytes.slice());
    expect(text).toContain(`Rechnungsnummer / Invoice number: ${invoice.number}`);
    expect(text).toContain('Brutto / Gross 297,50 €');

    const attachments = await attachmentsOf(file.bytes);
    expect(Object.keys(attachments)).toEqual(['factur-x.xml']);
    const cii = at(parseEInvoice(attachments['factur-x.xml']!), 'CrossIndustryInvoice');
    const day = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Berlin',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
      .format(new Date(invoice.issuedAt))
      .replace(/-/g, '');
    const agreement = at(cii, 'SupplyChainTradeTransaction', 'ApplicableHeaderTradeAgreement');
    const settlement = at(cii, 'SupplyChainTradeTransaction', 'ApplicableHeaderTradeSettlement');
    const sellerParty = at(agreement, 'SellerTradeParty');
    const totals = at(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation');
    const taxTotal = at(totals, 'TaxTotalAmount');
    expect({
      // BT-24: the Factur-X EN 16931 (ZUGFeRD COMFORT) profile
      guideline: at(cii, 'ExchangedDocumentContext', 'GuidelineSpecifiedDocumentContextParameter', 'ID'),
      'BT-1 number': at(cii, 'ExchangedDocument', 'ID'),
      'BT-2 date': at(cii, 'ExchangedDocument', 'IssueDateTime', 'DateTimeString', '#text'),
      'BT-27 seller name': at(sellerParty, 'Name'),
      'BT-31 seller VAT ID': at(sellerParty, 'SpecifiedTaxRegistration', 'ID', '#text'),
      'BT-44 buyer name': at(agreement, 'BuyerTradeParty', 'Name'),
      'BT-84 IBAN': at(
        settlement,
        'SpecifiedTradeSettlementPaymentMeans',
        'PayeePartyCreditorFinancialAccount',
        'IBANID',
      ),
      'BT-106 line total': at(totals, 'LineTotalAmount'),
      'BT-109 net': at(totals, 'TaxBasisTotalAmount'),
      'BT-110 VAT': typeof taxTotal === 'object' ? at(taxTotal, '#text') : taxTotal,
      'BT-112 gross': at(totals, 'GrandTotalAmount'),
      'BT-115 payable': at(totals, 'DuePayableAmount'),
      // BR-DE-5/6/7: the seller's contact name, telephone and e-mail
      'BT-41 contact': at(sellerParty, 'DefinedTradeContact', 'PersonName'),
      'BT-42 phone': at(sellerParty, 'DefinedTradeContact', 'TelephoneUniversalCommunication', 'CompleteNumber'),
      'BT-43 e-mail': at(sellerParty, 'DefinedTradeContact', 'EmailURIUniversalCommunication', 'URIID'),
    }).toEqual({
      guideline: 'urn:cen.eu:en16931:2017',
      'BT-1 number': invoice.number,
      'BT-2 date': day,
      'BT-27 seller name': SELLER.legalName,
      'BT-31 seller VAT ID': SELLER.vatId,
      'BT-44 buyer name': 'Deutsche Käufer GmbH',
      'BT-84 IBAN': SELLER.iban,
      'BT-106 line total': '250.00',
      'BT-109 net': '250.00',
      'BT-110 VAT': '47.50',
      'BT-112 gross': '297.50',
      'BT-115 payable': '297.50',
      'BT-41 contact': SELLER.legalName,
      'BT-42 phone': SELLER.contactPhone,
      'BT-43 e-mail': SELLER.contactEmail,
    });
  });

  it('has what PDF/A-3b asks of a Factur-X file: XMP identification, output intent, associated file, embedded fonts', async () => {
    const buyer = await signIn(testApp);
    const invoice = (await pay(buyer, offer)).body.invoices[0]!;
    const file = await download(buyer, invoice.facturXPath!);
    expect(new TextDecoder().decode(file.bytes.subarray(0, 8))).toBe('%PDF-1.7');
    const pdf = await PDFDocument.load(file.bytes, { updateMetadata: false });
    const catalog = pdf.catalog;

    const metadata = catalog.lookup(PDFName.of('Metadata'), PDFStream);
    const xmp = streamText(metadata);
    expect(xmp).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
    expect(xmp).toMatch(/<pdfaid:conformance>B<\/pdfaid:conformance>/);
    expect(xmp).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
    expect(xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');

    const intents = catalog.lookup(PDFName.of('OutputIntents'), PDFArray);
    const intent = intents.lookup(0, PDFDict);
    expect(intent.get(PDFName.of('S'))).toEqual(PDFName.of('GTS_PDFA1'));
    expect(intent.get(PDFName.of('DestOutputProfile'))).toBeInstanceOf(PDFRef);

    // The XML is the invoice's alternative form, referenced from the document (PDF/A-3 /AF).
    const associated = catalog.lookup(PDFName.of('AF'), PDFArray);
    const fileSpec = associated.lookup(0, PDFDict);
    expect(fileSpec.lookup(PDFName.of('AFRelationship'))).toEqual(PDFName.of('Alternative'));
    const embedded = fileSpec.lookup(PDFName.of('EF'), PDFDict).lookup(PDFName.of('F'), PDFStream);
    expect(embedded.dict.get(PDFName.of('Subtype'))).toEqual(PDFName.of('text/xml'));

    // PDF/A: every font the pages use is embedded (no standard 14 font a reader substitutes).
    const fonts: string[] = [];
    for (const page of pdf.getPages()) {
      const resources = page.node.Resources()!;
      const fontDict = resources.lookup(PDFName.of('Font'), PDFDict);
      for (const key of fontDict.keys()) {
        const font = fontDict.lookup(key, PDFDict);
        const descendants = font.lookupMaybe(PDFName.of('DescendantFonts'), PDFArray);
        const described = descendants ? descendants.lookup(0, PDFDict) : font;
        const descriptor = described.lookup(PDFName.of('FontDescriptor'), PDFDict);
        const fontFile = descriptor.get(PDFName.of('FontFile2')) ?? descriptor.get(PDFName.of('FontFile3'));
        fonts.push(`${String(font.get(PDFName.of('BaseFont')))}:${fontFile ? 'embedded' : 'missing'}`);
      }
    }
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.filter((font) => font.endsWith(':missing'))).toEqual([]);
  });

  it("is for the invoice's buyer and its supplier's members only", async () => {
    const buyer = await signIn(testApp);
    const invoice = (await pay(buyer, offer)).body.invoices[0]!;
    expect((await download(seller, invoice.facturXPath!)).status).toBe(200);
    const stranger = await download(await signIn(testApp), invoice.facturXPath!);
    expect(stranger.status).toBe(403);
    const missing = await download(buyer, '/api/invoices/00000000-0000-4000-8000-000000000000/facturx');
    expect(missing.status).toBe(404);
    const unsigned = await fetch(`${testApp.baseUrl}${invoice.facturXPath}`);
    expect(unsigned.status).toBe(401);
  });

  it('is not offered for an invoice that names no seller (409)', async () => {
    const { buyer, invoice } = await invoiceOfNoSeller(testApp, 'Imported for Factur-X');
    expect(invoice.facturXPath).toBeNull();
    const file = await download(buyer, `/api/invoices/${invoice.id}/facturx`);
    expect(file.status).toBe(409);
    expect(JSON.parse(new TextDecoder().decode(file.bytes))).toMatchObject({ code: 'CONFLICT' });
  });
});

describe('the XRechnung with a seller telephone (BR-DE-6)', () => {
  it('names the contact telephone of the seller organisation', async () => {
    const buyer = await signIn(testApp);
    const invoice = (await pay(buyer, offer)).body.invoices[0]!;
    expect(invoice.seller?.contactPhone).toBe(SELLER.contactPhone);
    const xml = parseEInvoice((await download(buyer, invoice.xmlPath!)).bytes);
    const contact = at(xml, 'Invoice', 'AccountingSupplierParty', 'Party', 'Contact');
    expect(contact).toEqual({
      Name: SELLER.legalName,
      Telephone: SELLER.contactPhone,
      ElectronicMail: SELLER.contactEmail,
    });
  });
});

describe('where invoice documents are made', () => {
  // Set on the event loop, a PDF, XRechnung or Factur-X of an invoice held every other request for 0.7-5 s
  // (docs/performance.md, handler stalls). They are made on the rendering threads; the count of documents
  // those threads finished tells where each download was made.
  it('makes the PDF, the XRechnung and the Factur-X on rendering threads, not on the event loop every request shares', async () => {
    const buyer = await signIn(testApp);
    const invoice = (await pay(buyer, offer)).body.invoices[0]!;
    const before = renderedOnThreads();
    const files = await Promise.all(
      [invoice.pdfPath, invoice.xmlPath!, invoice.facturXPath!].map((path) => download(buyer, path)),
    );
    expect(files.map((file) => file.status)).toEqual([200, 200, 200]);
    expect(renderedOnThreads() - before).toBe(3);
    // Still the documents the buyer expects.
    expect(await readPdfText(files[0]!.bytes.slice())).toContain(`Rechnungsnummer / Invoice number: ${invoice.number}`);
    expect(at(parseEInvoice(files[1]!.bytes), 'Invoice', 'ID')).toBe(invoice.number);
    expect(Object.keys(await attachmentsOf(files[2]!.bytes))).toEqual(['factur-x.xml']);
  });
});
