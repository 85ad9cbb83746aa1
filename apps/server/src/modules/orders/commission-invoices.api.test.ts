import type {
  TCommissionInvoice,
  TCommissionInvoiceListResponse,
  TErrorResponse,
  TSale,
  TSalesResponse,
} from '@dsm/contracts';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { requestAs, signIn, TEST_ORGANISATION, type TSignedIn } from '../../test/auth';
import { useTestApp } from '../../test/lifecycle';
import type { TOfferRecord } from '../catalogue/offer-record';
import { recordUsage } from '../usage/record-usage';
import { addAgentMember } from './add-agent-member';
import { cancelOverdueOrders } from './cancel-overdue-orders';
import { at, attachmentsOf, parseEInvoice, textOf } from './e-invoice-test-data';
import { addMonths } from './invoice-dates';
import { issueUsageInvoices } from './issue-usage-invoices';
import { checkOut, downloadAs, insertOfferOf, readPdfText, type TTestSupplier } from './orders-test-data';
import { renewSubscriptions } from './renew-subscriptions';

/**
 * The marketplace bills its commission to the supplier: one commission invoice per supplier
 * invoice, in the marketplace's own number range, for the supplier's members only.
 */

const MARKETPLACE = {
  OPERATOR_COMPANY: 'Provisions Marktplatz GmbH',
  OPERATOR_STREET: 'Marktplatz 1',
  OPERATOR_POSTAL_CODE: '40213',
  OPERATOR_CITY: 'Düsseldorf',
  OPERATOR_COUNTRY: 'DE',
  OPERATOR_VAT_ID: 'DE281963562',
  OPERATOR_IBAN: 'DE02500105170137075030',
  OPERATOR_BIC: 'INGDDEFFXXX',
};

const PUBLISHER_DE: TTestSupplier = { id: 'https://dsm.example/agents/commission-de', name: 'Provision Nord' };
const PUBLISHER_FR: TTestSupplier = { id: 'https://dsm.example/agents/commission-fr', name: 'Commission Paris' };

// Rendering PDFs with embedded fonts takes a second or more on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

let sellerDe: TSignedIn;
let sellerFr: TSignedIn;
const offers: Record<'de' | 'deCheap' | 'fr' | 'free', TOfferRecord> = {} as never;

const testApp = useTestApp({ COMMISSION_RATE: '0.12', ...MARKETPLACE });

beforeAll(async () => {
  const db = testApp.database.db;
  [sellerDe, sellerFr] = await Promise.all([
    signIn(testApp, {
      organisation: {
        ...TEST_ORGANISATION,
        legalName: 'Provision Nord GmbH',
        vatId: 'DE281963546',
        iban: 'DE02120300000000202051',
        bic: 'BYLADEM1001',
      },
    }),
    signIn(testApp, {
      organisation: {
        legalName: 'Données Paris SAS',
        street: '1 rue de Rivoli',
        postalCode: '75001',
        city: 'Paris',
        country: 'FR',
        vatId: 'FR40303265045',
        iban: 'FR1420041010050500013M02606',
        bic: 'PSSTFRPPPAR',
        contactEmail: 'factures@donnees.example',
      },
    }),
  ]);
  offers.de = await insertOfferOf(db, PUBLISHER_DE, { title: 'Rhine gauges', price: 100 });
  offers.deCheap = await insertOfferOf(db, PUBLISHER_DE, { title: 'Rhine gauges, sample', price: 0.04 });
  offers.fr = await insertOfferOf(db, PUBLISHER_FR, { title: 'Seine gauges', price: 50 });
  offers.free = await insertOfferOf(db, PUBLISHER_DE, {
    title: 'Open gauges',
    paymentModel: 'FREE_OF_CHARGE',
    price: 0,
  });
  await addAgentMember({ db, agentId: PUBLISHER_DE.id, userId: sellerDe.user.id });
  await addAgentMember({ db, agentId: PUBLISHER_FR.id, userId: sellerFr.user.id });
});

function pay(who: TSignedIn, ...items: TOfferRecord[]) {
  return checkOut(testApp, who, items);
}

async function saleOf(who: TSignedIn, invoiceId: string): Promise<TSale> {
  const sales = await requestAs<TSalesResponse>(testApp, who, 'GET', '/api/sales?index=0&pageSize=100');
  expect(sales.status).toBe(200);
  const sale = sales.body.data.find((entry) => entry.id === invoiceId);
  expect(sale).toBeDefined();
  return sale!;
}

const year = () => new Date().getUTCFullYear();

describe('the commission invoice', () => {
  it('bills the supplier the commission on each sale, with VAT, from the configured marketplace', async () => {
    const buyer = await signIn(testApp);
    const placed = await pay(buyer, offers.de, offers.fr);
    expect(placed.status).toBe(201);
    const [deInvoice, frInvoice] = placed.body.invoices;
    expect(deInvoice).toMatchObject({ net: 100, commissionRate: 0.12, commission: 12 });
    // The buyer's view of the order says nothing of the commission invoices.
    expect(JSON.stringify(placed.body)).not.toContain('PROV-');

    const deCommission = (await saleOf(sellerDe, deInvoice!.id)).commissionInvoice;
    expect(deCommission).toMatchObject({
      invoiceId: deInvoice!.id,
      invoiceNumber: deInvoice!.number,
      supplierId: PUBLISHER_DE.id,
      commissionRate: 0.12,
      net: 12,
      vatRate: 0.19,
      vat: 2.28,
      gross: 14.28,
      isReverseCharge: false,
      state: 'open',
      seller: {
        legalName: 'Provisions Marktplatz GmbH',
        street: 'Marktplatz 1',
        vatId: 'DE281963562',
        iban: 'DE02500105170137075030',
      },
      buyerParty: { legalName: 'Provision Nord GmbH', vatId: 'DE281963546', iban: '', bic: '' },
      pdfPath: `/api/commission-invoices/${deCommission?.id}/pdf`,
    });
    expect(deCommission!.number).toMatch(new RegExp(`^PROV-${year()}-\\d{6}$`));

    // A supplier in another EU member state with a VAT ID: reverse charge, 0 %.
    const frCommission = (await saleOf(sellerFr, frInvoice!.id)).commissionInvoice;
    expect(frCommission).toMatchObject({ net: 6, vatRate: 0, vat: 0, gross: 6, isReverseCharge: true });
  });

  it("numbers in the marketplace's own range, gap-free, apart from the suppliers' ranges", async () => {
    const buyer = await signIn(testApp);
    const first = (await pay(buyer, offers.de)).body.invoices[0]!;
    const second = (await pay(buyer, offers.fr)).body.invoices[0]!;
    // Another buyer: the first holds both offers now.
    const third = (await pay(await signIn(testApp), offers.de, offers.fr)).body.invoices;
    const numbers = [
      (await saleOf(sellerDe, first.id)).commissionInvoice!.number,
      (await saleOf(sellerFr, second.id)).commissionInvoice!.number,
      (await saleOf(sellerDe, third[0]!.id)).commissionInvoice!.number,
      (await saleOf(sellerFr, third[1]!.id)).commissionInvoice!.number,
    ];
    const sequences = numbers.map((number) => Number(number.split('-').at(-1)));
    expect(sequences).toEqual([sequences[0], sequences[0]! + 1, sequences[0]! + 2, sequences[0]! + 3]);
    // The suppliers' invoice numbers are their own: a commission invoice never takes one of them.
    expect(first.number.startsWith('PROV-')).toBe(false);
    const ranges = await testApp.database.db
      .selectFrom('invoice_number_ranges')
      .select(['issuer_key', 'last_number'])
      .where('issuer_key', '=', 'marketplace-commission')
      .execute();
    expect(ranges).toEqual([{ issuer_key: 'marketplace-commission', last_number: sequences[3] }]);
  });

  it('keeps the range gap-free when checkouts run at once', async () => {
    const buyers = await Promise.all([1, 2, 3, 4, 5].map(() => signIn(testApp)));
    const placed = await Promise.all(buyers.map((buyer) => pay(buyer, offers.de)));
    expect(placed.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
    const rows = await testApp.database.db
      .selectFrom('commission_invoices')
      .select('sequence')
      .where('year', '=', year())
      .orderBy('sequence')
      .execute();
    const sequences = rows.map((row) => row.sequence);
    expect(sequences).toEqual(sequences.map((_, index) => index + 1));
  });

  it('is not issued for a sale without commission (a free offer, or a commission that rounds to 0 cents)', async () => {
    const buyer = await signIn(testApp);
    // A free offer's order is invoiced to no one, so nothing carries a commission.
    const placed = await pay(buyer, offers.free);
    expect(placed.body.invoices).toEqual([]);
    const cheap = await pay(buyer, offers.deCheap);
    expect(cheap.body.invoices[0]).toMatchObject({ net: 0.04, commission: 0 });
    expect((await saleOf(sellerDe, cheap.body.invoices[0]!.id)).commissionInvoice).toBeNull();
  });

  it("is a PDF for the supplier's members only, naming the marketplace, the supplier and the sale", async () => {
    const buyer = await signIn(testApp);
    const invoice = (await pay(buyer, offers.de)).body.invoices[0]!;
    const commission = (await saleOf(sellerDe, invoice.id)).commissionInvoice!;
    const fetchPdf = (who: TSignedIn | null) =>
      fetch(`${testApp.baseUrl}${commission.pdfPath}`, { headers: who ? who.headers : {} });

    const response = await fetchPdf(sellerDe);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/pdf');
    const text = await readPdfText(new Uint8Array(await response.arrayBuffer()));
    for (const expected of [
      `Rechnungsnummer / Invoice number: ${commission.number}`,
      'Provisions Marktplatz GmbH',
      'Provision Nord GmbH',
      `Provision 12 % auf Rechnung ${invoice.number}`,
      'Netto zu / Net at 19 % USt. / VAT 12,00 €',
      'Brutto / Gross 14,28 €',
      'IBAN: DE02 5001 0517 0137 0750 30',
    ]) {
      expect(text).toContain(expected);
    }
    // Neither the sale's buyer, nor another supplier, nor anyone signed out.
    expect((await fetchPdf(buyer)).status).toBe(403);
    expect((await fetchPdf(sellerFr)).status).toBe(403);
    expect((await fetchPdf(null)).status).toBe(401);
    const unknown = await fetch(`${testApp.baseUrl}/api/commission-invoices/00000000-0000-4000-8000-000000000000/pdf`, {
      headers: sellerDe.headers,
    });
    expect(unknown.status).toBe(404);
  });

  it('is also an XRechnung and a Factur-X e-invoice: the marketplace sells, the supplier buys, the sale is the reference', async () => {
    const buyer = await signIn(testApp);
    const invoice = (await pay(buyer, offers.de)).body.invoices[0]!;
    const commission = (await saleOf(sellerDe, invoice.id)).commissionInvoice!;
    expect(commission.xmlPath).toBe(`/api/commission-invoices/${commission.id}/xml`);
    expect(commission.facturXPath).toBe(`/api/commission-invoices/${commission.id}/facturx`);
    const xml = await downloadAs(testApp, sellerDe, commission.xmlPath!);
    expect(xml.status).toBe(200);
    expect(xml.headers.get('content-type')).toContain('application/xml');
    const ubl = at(parseEInvoice(xml.bytes), 'Invoice');
    const party = (role: string, ...path: string[]) => textOf(at(ubl, role, 'Party', ...path));
    expect(textOf(at(ubl, 'ID'))).toBe(commission.number); // BT-1
    expect(textOf(at(ubl, 'BuyerReference'))).toBe(invoice.number); // BT-10
    expect(party('AccountingSupplierParty', 'PartyLegalEntity', 'RegistrationName')).toBe('Provisions Marktplatz GmbH'); // BT-27
    expect(party('AccountingSupplierParty', 'PartyTaxScheme', 'CompanyID')).toBe('DE281963562'); // BT-31
    expect(party('AccountingCustomerParty', 'PartyLegalEntity', 'RegistrationName')).toBe('Provision Nord GmbH'); // BT-44
    expect(party('AccountingCustomerParty', 'PartyTaxScheme', 'CompanyID')).toBe('DE281963546'); // BT-48
    expect(textOf(at(ubl, 'PaymentMeans', 'PayeeFinancialAccount', 'ID'))).toBe('DE02500105170137075030'); // BT-84
    expect(textOf(at(ubl, 'LegalMonetaryTotal', 'TaxExclusiveAmount'))).toBe('12.00'); // BT-109
    expect(textOf(at(ubl, 'TaxTotal', 'TaxAmount'))).toBe('2.28'); // BT-110
    expect(textOf(at(ubl, 'LegalMonetaryTotal', 'TaxInclusiveAmount'))).toBe('14.28'); // BT-112
    expect(textOf(at(ubl, 'InvoiceLine', 'Item', 'Name'))).toContain(`Commission 12 % on invoice ${invoice.number}`);

    const facturX = await downloadAs(testApp, sellerDe, commission.facturXPath!);
    expect(facturX.status).toBe(200);
    expect(facturX.headers.get('content-type')).toContain('application/pdf');
    const attached = (await attachmentsOf(facturX.bytes))['factur-x.xml'];
    expect(attached).toBeDefined();
    const cii = at(parseEInvoice(attached!), 'CrossIndustryInvoice');
    expect(textOf(at(cii, 'ExchangedDocument', 'ID'))).toBe(commission.number);
    const agreement = at(cii, 'SupplyChainTradeTransaction', 'ApplicableHeaderTradeAgreement');
    expect(textOf(at(agreement, 'SellerTradeParty', 'Name'))).toBe('Provisions Marktplatz GmbH');
    expect(textOf(at(agreement, 'BuyerTradeParty', 'Name'))).toBe('Provision Nord GmbH');

    // The same readers as the PDF: the operator too, neither the sale's buyer nor another supplier.
    expect((await downloadAs(testApp, await operator(), commission.xmlPath!)).status).toBe(200);
    for (const path of [commission.xmlPath!, commission.facturXPath!]) {
      expect((await downloadAs(testApp, buyer, path)).status).toBe(403);
      expect((await downloadAs(testApp, sellerFr, path)).status).toBe(403);
    }
  });
});

const HOUR_MS = 60 * 60 * 1000;
const operator = () => signIn(testApp, { roles: [testApp.config.userRole, 'DSM_OPERATOR'] });

const listOf = (who: TSignedIn) =>
  requestAs<TCommissionInvoiceListResponse>(testApp, who, 'GET', '/api/commission-invoices?index=0&pageSize=100');

const markPaid = (who: TSignedIn, id: string) =>
  requestAs<TCommissionInvoice & TErrorResponse>(testApp, who, 'POST', `/api/commission-invoices/${id}/paid`);

/** The payment window of this sale's order ends now: the next auto-cancel run finds it overdue. */
async function makeOverdue(orderId: string) {
  await testApp.database.db
    .updateTable('orders')
    .set({ pay_by: new Date(Date.now() - 60_000) })
    .where('id', '=', orderId)
    .execute();
}

async function pdfText(who: TSignedIn, path: string): Promise<{ status: number; text: string }> {
  const file = await downloadAs(testApp, who, path);
  if (file.status !== 200) return { status: file.status, text: new TextDecoder().decode(file.bytes) };
  return { status: 200, text: await readPdfText(file.bytes) };
}

const sequenceOf = (number: string) => Number(number.split('-').at(-1));

describe("the commission invoice's lifecycle", () => {
  it('is listed for the supplier it bills and for the operator, and for nobody else', async () => {
    const buyer = await signIn(testApp);
    const [deInvoice, frInvoice] = (await pay(buyer, offers.de, offers.fr)).body.invoices;
    const deCommission = (await saleOf(sellerDe, deInvoice!.id)).commissionInvoice!;
    const frCommission = (await saleOf(sellerFr, frInvoice!.id)).commissionInvoice!;

    const own = await listOf(sellerDe);
    expect(own.status).toBe(200);
    expect(own.body.isOperator).toBe(false);
    expect(own.body.data.map((entry) => entry.id)).toContain(deCommission.id);
    expect(own.body.data.map((entry) => entry.id)).not.toContain(frCommission.id);
    expect(own.body.data.every((entry) => entry.supplierId === PUBLISHER_DE.id)).toBe(true);

    const all = await listOf(await operator());
    expect(all.body.isOperator).toBe(true);
    expect(all.body.data.map((entry) => entry.id)).toEqual(expect.arrayContaining([deCommission.id, frCommission.id]));
    expect(all.body.total).toBeGreaterThanOrEqual(2);

    expect((await listOf(buyer)).body).toMatchObject({ total: 0, data: [], isOperator: false });
  });

  it('is marked paid by the operator only, once: again answers the same', async () => {
    const buyer = await signIn(testApp);
    const invoice = (await pay(buyer, offers.de)).body.invoices[0]!;
    const commission = (await saleOf(sellerDe, invoice.id)).commissionInvoice!;
    expect(commission).toMatchObject({ state: 'open', paidAt: null, cancellationNumber: null });

    // The supplier does not record its own payment to the marketplace, nor does the buyer.
    expect((await markPaid(sellerDe, commission.id)).status).toBe(403);
    expect((await markPaid(buyer, commission.id)).status).toBe(403);

    const staff = await operator();
    const first = await markPaid(staff, commission.id);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: commission.id, state: 'paid' });
    expect(first.body.paidAt).not.toBeNull();
    const again = await markPaid(staff, commission.id);
    expect(again.status).toBe(200);
    expect(again.body.paidAt).toBe(first.body.paidAt);
    expect((await saleOf(sellerDe, invoice.id)).commissionInvoice).toMatchObject({ state: 'paid' });
    expect((await pdfText(sellerDe, commission.pdfPath)).text).toContain('Bezahlt am / Paid on');

    const unknown = await markPaid(staff, '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
  });

  it('is cancelled by a numbered cancellation invoice when its sale is cancelled, and cannot be paid then', async () => {
    const buyer = await signIn(testApp);
    const placed = (await pay(buyer, offers.de)).body;
    const invoice = placed.invoices[0]!;
    const commission = (await saleOf(sellerDe, invoice.id)).commissionInvoice!;
    // No cancellation invoice before the cancellation.
    expect((await pdfText(sellerDe, `/api/commission-invoices/${commission.id}/cancellation/pdf`)).status).toBe(404);

    await makeOverdue(placed.id);
    expect(await cancelOverdueOrders({ db: testApp.database.db, now: new Date() })).toContain(placed.id);

    const cancelled = (await saleOf(sellerDe, invoice.id)).commissionInvoice!;
    expect(cancelled).toMatchObject({ state: 'cancelled', number: commission.number });
    expect(cancelled.cancellationNumber).toMatch(new RegExp(`^PROV-${year()}-\\d{6}$`));
    expect(cancelled.cancellationPdfPath).toBe(`/api/commission-invoices/${commission.id}/cancellation/pdf`);
    // Its own number, the next in the marketplace's range after everything issued so far.
    const range = await testApp.database.db
      .selectFrom('invoice_number_ranges')
      .select('last_number')
      .where('issuer_key', '=', 'marketplace-commission')
      .where('year', '=', year())
      .executeTakeFirstOrThrow();
    expect(sequenceOf(cancelled.cancellationNumber!)).toBe(range.last_number);
    expect(sequenceOf(cancelled.cancellationNumber!)).toBeGreaterThan(sequenceOf(commission.number));

    const storno = await pdfText(sellerDe, cancelled.cancellationPdfPath!);
    expect(storno.status).toBe(200);
    for (const expected of [
      'Stornorechnung / Cancellation invoice',
      `Rechnungsnummer / Invoice number: ${cancelled.cancellationNumber}`,
      `Storniert die Rechnung / Cancels invoice: ${commission.number}`,
      `Provision 12 % auf Rechnung ${invoice.number}`,
      'Netto zu / Net at 19 % USt. / VAT -12,00 €',
      'USt. / VAT 19 % -2,28 €',
      'Brutto / Gross -14,28 €',
    ]) {
      expect(storno.text).toContain(expected);
    }
    expect(storno.text).not.toContain('Bitte überweisen');
    // The operator reads it too; the buyer of the sale never.
    expect((await pdfText(await operator(), cancelled.cancellationPdfPath!)).status).toBe(200);
    expect((await pdfText(buyer, cancelled.cancellationPdfPath!)).status).toBe(403);
    expect((await pdfText(sellerDe, commission.pdfPath)).text).toContain('Storniert am / Cancelled on');

    const late = await markPaid(await operator(), commission.id);
    expect(late.status).toBe(409);
    expect(late.body.message).toContain(cancelled.cancellationNumber!);

    // A second auto-cancel run issues no second cancellation invoice.
    await cancelOverdueOrders({ db: testApp.database.db, now: new Date() });
    expect((await saleOf(sellerDe, invoice.id)).commissionInvoice!.cancellationNumber).toBe(
      cancelled.cancellationNumber,
    );
  });

  it('ends consistently when the operator marks it paid while its sale is being cancelled', async () => {
    const staff = await operator();
    for (let round = 0; round < 3; round++) {
      const buyer = await signIn(testApp);
      const placed = (await pay(buyer, offers.de)).body;
      const commission = (await saleOf(sellerDe, placed.invoices[0]!.id)).commissionInvoice!;
      await makeOverdue(placed.id);
      const [paid] = await Promise.all([
        markPaid(staff, commission.id),
        cancelOverdueOrders({ db: testApp.database.db, now: new Date() }),
      ]);
      // Either the payment came first (and the commission was cancelled after it, to be refunded)
      // or the cancellation did (and the payment is refused); never a paid commission on a cancelled sale.
      expect([200, 409]).toContain(paid.status);
      const after = (await saleOf(sellerDe, placed.invoices[0]!.id)).commissionInvoice!;
      expect(after.state).toBe('cancelled');
      expect(after.cancellationNumber).not.toBeNull();
      expect(after.paidAt !== null).toBe(paid.status === 200);
    }
  });
});

describe('commission invoices of renewals and monthly usage', () => {
  const marketplace = () => testApp.config.marketplaceParty;

  it('bills the commission on each renewal invoice once, however many renewal runs race', async () => {
    const buyer = await signIn(testApp);
    const placed = (await pay(buyer, offers.de)).body;
    const renewedAt = new Date(addMonths(new Date(placed.createdAt), 1).getTime() + HOUR_MS);
    const options = { db: testApp.database.db, now: renewedAt, commissionRate: 0.12, marketplace: marketplace() };
    const runs = await Promise.all([renewSubscriptions(options), renewSubscriptions(options)]);
    const renewalOrders = await testApp.database.db
      .selectFrom('orders')
      .select('id')
      .where('consumer_id', '=', buyer.user.id)
      .where('kind', '=', 'renewal')
      .execute();
    expect(renewalOrders).toHaveLength(1);
    expect(runs.flat()).toContain(renewalOrders[0]!.id);

    const renewal = await testApp.database.db
      .selectFrom('invoices')
      .selectAll()
      .where('order_id', '=', renewalOrders[0]!.id)
      .executeTakeFirstOrThrow();
    const commissions = await testApp.database.db
      .selectFrom('commission_invoices')
      .selectAll()
      .where('invoice_id', '=', renewal.id)
      .execute();
    expect(commissions).toHaveLength(1);
    const sale = await saleOf(sellerDe, renewal.id);
    expect(sale.commissionInvoice).toMatchObject({
      invoiceNumber: renewal.number,
      net: 12,
      vat: 2.28,
      gross: 14.28,
      state: 'open',
      issuedAt: renewedAt.toISOString(),
    });
    expect(sale.commissionInvoice!.number).toMatch(/^PROV-\d{4}-\d{6}$/);
    // A later run finds the period renewed and bills nothing more.
    await renewSubscriptions(options);
    expect(
      await testApp.database.db
        .selectFrom('commission_invoices')
        .select('id')
        .where('invoice_id', '=', renewal.id)
        .execute(),
    ).toHaveLength(1);
  });

  it("bills the commission on a month's usage invoice once, however many usage runs race", async () => {
    const db = testApp.database.db;
    const metered = await insertOfferOf(db, PUBLISHER_DE, {
      title: 'Rhine gauges per download',
      paymentModel: 'PAY_PER_USE_DOWNLOAD',
      price: 10,
    });
    const buyer = await signIn(testApp);
    expect((await pay(buyer, metered)).status).toBe(201);
    const entitlement = await db
      .selectFrom('entitlements')
      .select('id')
      .where('user_id', '=', buyer.user.id)
      .executeTakeFirstOrThrow();
    for (const day of ['2032-05-03T10:00:00Z', '2032-05-04T10:00:00Z']) {
      await recordUsage(db, {
        entitlementId: entitlement.id,
        offerId: metered.id,
        userId: buyer.user.id,
        channel: 'download',
        succeeded: true,
        bytes: 100,
        occurredAt: new Date(day),
      });
    }
    const options = {
      db,
      now: new Date('2032-06-01T00:30:00Z'),
      commissionRate: 0.12,
      marketplace: marketplace(),
    };
    const runs = await Promise.all([issueUsageInvoices(options), issueUsageInvoices(options)]);
    expect(runs.flat()).toHaveLength(1);
    expect(await issueUsageInvoices(options)).toEqual([]);

    const usage = await db
      .selectFrom('invoices')
      .selectAll()
      .where('order_id', '=', runs.flat()[0]!)
      .executeTakeFirstOrThrow();
    expect(Number(usage.net)).toBe(20);
    const sale = await saleOf(sellerDe, usage.id);
    expect(sale.commissionInvoice).toMatchObject({ invoiceNumber: usage.number, net: 2.4, vat: 0.46, gross: 2.86 });
    expect(sale.commissionInvoice!.number).toMatch(/^PROV-2032-\d{6}$/);
    expect(
      await db.selectFrom('commission_invoices').select('id').where('invoice_id', '=', usage.id).execute(),
    ).toHaveLength(1);
  });
});
