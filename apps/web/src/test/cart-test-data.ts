import type { TCartOffer, TMetadataItem, TOrder } from '@dsm/contracts';
import { TEST_USER } from '../app/providers';
import { CART_STORAGE_KEY, type TCartEntry } from '../features/cart/cart-storage';
import { makeTestOffer } from './test-offer';

/** An offer as the cart keeps it, for tests. */
export function makeCartOffer(overrides: Partial<TCartOffer> = {}): TCartOffer {
  return {
    '@id': '3f0c1b9e-7a51-4c44-9c1d-5b0d3c2a9e01',
    title: 'Air quality in Leipzig',
    paymentModel: 'PAY_PER_USE_DOWNLOAD',
    price: 12.5,
    isSellable: true,
    providerId: 'org-1',
    providerName: 'City of Leipzig',
    ...overrides,
  };
}

export const WEATHER = makeCartOffer({
  '@id': '3f0c1b9e-7a51-4c44-9c1d-5b0d3c2a9e02',
  title: 'Weather feed',
  paymentModel: 'SUBSCRIPTION_BASED',
  price: 20,
  providerId: 'org-2',
  providerName: 'Weather Service',
});

/** Stores carts as the app does, the test user's first. */
export function storeCarts(entries: TCartEntry[]): void {
  localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(entries));
}

/** Stores the test user's cart. */
export function storeCart(items: TCartOffer[]): void {
  storeCarts([{ id: TEST_USER.id, items }]);
}

/** The carts as stored now. */
export function storedCarts(): TCartEntry[] {
  return JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '[]') as TCartEntry[];
}

/** The metadata item the batch call answers for an offer in the cart (the catalogue's view of it). */
export function metadataItemOf(offer: TCartOffer): TMetadataItem {
  const { '@id': id, title, paymentModel, price, isSellable } = offer;
  const item = makeTestOffer({ '@id': id, title, paymentModel, price, isSellable });
  item.datasets[0]!['dcterms:publisher'] = {
    '@id': offer.providerId ?? 'unknown',
    '@type': 'foaf:Organization',
    'foaf:name': offer.providerName ?? 'unknown',
  };
  return {
    ...item,
    provider: offer.providerName,
    providerUrl: null,
    author: null,
    authorEmail: null,
    maintainer: null,
    maintainerEmail: null,
    endpointChecks: [],
  };
}

/** The ids a metadata batch call asks for, or null when the URL is another call. */
export function batchIdsOf(url: string): string[] | null {
  const match = /^\/api\/metadata\/?\?batchIds=(.*)$/.exec(url);
  return match ? match[1]!.split(',').map(decodeURIComponent) : null;
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** An order as the payment call answers it. */
export function makeOrder(overrides: Partial<TOrder> = {}): TOrder {
  return {
    id: 'b7a4c1de-0000-4000-8000-000000000001',
    consumerId: TEST_USER.id,
    state: 'invoiced',
    paymentMethod: 'INVOICE',
    currency: 'EUR',
    createdAt: '2025-03-05T10:00:00.000Z',
    payBy: '2025-04-04T10:00:00.000Z',
    paidAt: null,
    cancelledAt: null,
    items: [
      {
        productId: '3f0c1b9e-7a51-4c44-9c1d-5b0d3c2a9e01',
        providerId: 'org-1',
        providerName: 'City of Leipzig',
        title: 'Air quality in Leipzig',
        paymentModel: 'PAY_PER_USE_DOWNLOAD',
        price: 12.5,
      },
    ],
    net: 12.5,
    vat: 2.38,
    gross: 14.88,
    invoices: [
      {
        id: 'c0ffee00-0000-4000-8000-000000000001',
        number: '2025-000007',
        orderId: 'b7a4c1de-0000-4000-8000-000000000001',
        supplierId: 'org-1',
        supplierName: 'City of Leipzig',
        issuedAt: '2025-03-05T10:00:00.000Z',
        dueAt: '2025-04-04T10:00:00.000Z',
        seller: null,
        buyerParty: null,
        serviceFrom: '2025-03-05T10:00:00.000Z',
        serviceTo: '2025-03-05T10:00:00.000Z',
        isReverseCharge: false,
        isNotTaxable: false,
        xmlPath: null,
        facturXPath: null,
        currency: 'EUR',
        net: 12.5,
        vatRate: 0.19,
        vat: 2.38,
        gross: 14.88,
        commissionRate: 0.1,
        commission: 1.25,
        state: 'open',
        paidAt: null,
        cancelledAt: null,
        pdfPath: '/api/invoices/c0ffee00-0000-4000-8000-000000000001/pdf',
      },
    ],
    ...overrides,
  };
}
