import { metadataBatchPath, type TOrder } from '@dsm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn, type TSignedIn } from '../../test/auth';
import { useTestApp } from '../../test/lifecycle';
import { request } from '../../test/test-app';
import { checkOut, insertOfferOf, SUPPLIER_A, sellFor } from '../orders/orders-test-data';

let buyer: TSignedIn;
let order: TOrder;

async function cacheControlOf(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const response = await request(testApp.baseUrl, method, path, body, headers);
  return { status: response.status, cacheControl: response.headers.get('cache-control') };
}

const testApp = useTestApp();

beforeAll(async () => {
  buyer = await signIn(testApp, { name: 'Cache Buyer' });
  const offer = await insertOfferOf(testApp.database.db, SUPPLIER_A, {
    title: 'Harbour crane movements',
    paymentModel: 'SUBSCRIPTION_BASED',
    price: 40,
  });
  await sellFor(testApp.database.db, SUPPLIER_A);
  const placed = await checkOut(testApp, buyer, [offer]);
  expect(placed.status).toBe(201);
  order = placed.body;
});

describe('personal answers and caches', () => {
  it.each([
    ['GET', '/api/orders'],
    ['GET', '/api/acquisitions'],
    ['GET', '/api/metadata/like'],
    ['GET', '/api/deliveries'],
    ['GET', '/api/offers/mine'],
    ['GET', '/api/sales'],
  ])("%s %s, the signed-in user's own data, is sent with Cache-Control: no-store", async (method, path) => {
    const answer = await cacheControlOf(method, path, buyer.headers);
    expect(answer).toEqual({ status: 200, cacheControl: 'no-store' });
  });

  it('sends an order, a cart lookup and a search with no-store', async () => {
    expect(await cacheControlOf('GET', `/api/orders/${order.id}`, buyer.headers)).toEqual({
      status: 200,
      cacheControl: 'no-store',
    });
    const cart = await cacheControlOf('GET', metadataBatchPath([order.items[0]!.productId])!, buyer.headers);
    expect(cart).toEqual({ status: 200, cacheControl: 'no-store' });
    const search = await cacheControlOf('POST', '/api/search', buyer.headers, { index: 0, pageSize: 10 });
    expect(search).toEqual({ status: 200, cacheControl: 'no-store' });
  });

  it("keeps the invoice PDF's own private, no-store", async () => {
    const invoice = order.invoices[0]!;
    const answer = await cacheControlOf('GET', invoice.pdfPath, buyer.headers);
    expect(answer).toEqual({ status: 200, cacheControl: 'private, no-store' });
  });

  it('sends refusals with no-store too: 401, 403, 404 and 400', async () => {
    const noRole = await signIn(testApp, { roles: [] });
    expect(await cacheControlOf('GET', '/api/orders', {})).toEqual({ status: 401, cacheControl: 'no-store' });
    expect(await cacheControlOf('GET', '/api/orders', noRole.headers)).toEqual({
      status: 403,
      cacheControl: 'no-store',
    });
    const unknown = await cacheControlOf('GET', '/api/orders/00000000-0000-4000-8000-000000000000', buyer.headers);
    expect(unknown).toEqual({ status: 404, cacheControl: 'no-store' });
    const invalid = await cacheControlOf('GET', '/api/orders/not-a-uuid', buyer.headers);
    expect(invalid).toEqual({ status: 400, cacheControl: 'no-store' });
  });

  it('leaves open answers alone: the app settings keep no-cache', async () => {
    const settings = await cacheControlOf('GET', '/app-config.json', {});
    expect(settings).toEqual({ status: 200, cacheControl: 'no-cache' });
  });
});
