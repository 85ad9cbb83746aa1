import type { TOrder, TSale, TSalesResponse } from '@dsm/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signIn, TEST_ORGANISATION, type TSignedIn } from '../../test/auth';
import { request, startTestApp, type TTestApp } from '../../test/test-app';
import type { TOfferRecord } from '../catalogue/offer-record';
import { addAgentMember } from './add-agent-member';
import { insertOfferOf, itemOf, readPdfText, type TTestSupplier } from './orders-test-data';

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

let testApp: TTestApp;
let sellerDe: TSignedIn;
let sellerFr: TSignedIn;
const offers: Record<'de' | 'deCheap' | 'fr' | 'free', TOfferRecord> = {} as never;

beforeAll(async () => {
  testApp = await startTestApp({ COMMISSION_RATE: '0.12', ...MARKETPLACE });
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

afterAll(async () => {
  await testApp?.close();
});

function pay(who: TSignedIn, ...items: TOfferRecord[]) {
  return request<TOrder>(
    testApp.baseUrl,
    'POST',
    '/idp-service/payment',
    { consumerId: who.user.id, purchasedItems: items.map(itemOf) },
    who.headers,
  );
}

async function saleOf(who: TSignedIn, invoiceId: string): Promise<TSale> {
  const sales = await request<TSalesResponse>(
    testApp.baseUrl,
    'GET',
    '/api/sales?index=0&pageSize=100',
    undefined,
    who.headers,
  );
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
    const third = (await pay(buyer, offers.de, offers.fr)).body.invoices;
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
      'Netto zu / Net at 19 % USt. / VAT 12.00 €',
      'Brutto / Gross 14.28 €',
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

  it('is cancelled with the sale it bills', async () => {
    const buyer = await signIn(testApp);
    const invoice = (await pay(buyer, offers.de)).body.invoices[0]!;
    await testApp.database.db
      .updateTable('invoices')
      .set({ state: 'cancelled', cancelled_at: new Date() })
      .where('id', '=', invoice.id)
      .execute();
    const commission = (await saleOf(sellerDe, invoice.id)).commissionInvoice!;
    expect(commission.state).toBe('cancelled');
    const response = await fetch(`${testApp.baseUrl}${commission.pdfPath}`, { headers: sellerDe.headers });
    expect(await readPdfText(new Uint8Array(await response.arrayBuffer()))).toContain('Storniert am / Cancelled on');
  });
});
