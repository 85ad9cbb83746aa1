import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { SIGNED_OUT, signInAs } from '../../fixtures/auth';
import { expectNoSeriousA11yViolations } from '../../fixtures/axe';
import { fillCart, readSession, type TCartOffer } from '../../fixtures/cart';

/** A form field by its accessible name (its label without the required marker). */
function input(scope: Page | Locator, name: string): Locator {
  return scope.getByRole('textbox', { name, exact: true }).or(scope.getByRole('combobox', { name, exact: true }));
}

/** Picks an option of a Mantine select or multi-select by the field's name. */
async function pick(page: Page, label: string, option: string): Promise<void> {
  await input(page, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A supplier API on loopback (the journeys' server may reach it: GATEWAY_ALLOWED_HOSTS) that records what reaches it. */
async function startSupplierApi(): Promise<{ url: string; seen: http.IncomingHttpHeaders[]; close(): Promise<void> }> {
  const seen: http.IncomingHttpHeaders[] = [];
  const server = http.createServer((request, response) => {
    seen.push(request.headers);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ stations: ['Cuxhaven', 'Helgoland'], path: request.url }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Publishes a paid Api offer through the wizard as the demo supplier, with a gateway credential. */
async function publishApiOffer(page: Page, title: string, accessUrl: string, secret: string): Promise<void> {
  await signInAs(page, 'supplier', '/offer/create/pre');
  await page.getByTestId('pricing-PAID').click();
  await page.getByTestId('content-DATA').click();
  await page.getByTestId('access-API').click();
  await input(page, 'Title').fill(title);
  await input(page, 'Description').fill('Water levels of the North Sea gauges, as an API.');
  await pick(page, 'Categories', 'Environment');
  await page.keyboard.press('Escape');
  await input(page, 'Author name').fill('Ada Author');
  await input(page, 'Author e-mail').fill('ada@example.org');
  await input(page, 'Maintainer name').fill('Max Maintainer');
  await input(page, 'Maintainer e-mail').fill('max@example.org');
  await page.getByTestId('wizard-next').click();
  await pick(page, 'Mime type', 'application/json');
  await pick(page, 'Format', 'json');
  await input(page, 'Endpoint title').fill('Gauge API');
  await input(page, 'Endpoint description').fill('Readings by station.');
  await input(page, 'Access URL').fill(accessUrl);
  await pick(page, 'Size unit', 'KB');
  await input(page, 'Header name').fill('X-Supplier-Key');
  await page.getByLabel('Secret value').fill(secret);
  await page.getByTestId('wizard-next').click();
  await pick(page, 'Licence', 'Creative Commons Namensnennung 4.0 International');
  await pick(page, 'Payment model', 'Subscription');
  await input(page, 'Price').fill('9');
  await pick(page, 'Currency', 'EUR');
  await page.getByTestId('wizard-next').click();
  await page.getByTestId('wizard-publish').click();
  await expect(page).toHaveURL(/\/my-offerings$/);
  await expect(page.getByTestId('own-offer').filter({ hasText: title }).getByTestId('own-offer-state')).toHaveText(
    'Published',
  );
}

/** The published offer as the cart keeps it, found through the search API. */
async function findOffer(page: Page, title: string): Promise<TCartOffer> {
  const { token } = await readSession(page);
  const response = await page.request.post(`/api/search?query=${encodeURIComponent(title)}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { index: 0, pageSize: 10 },
  });
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as {
    data: {
      '@id': string;
      title: string;
      paymentModel: string;
      price: number;
      isSellable: boolean;
      datasets: { 'dcterms:publisher': { '@id': string; 'foaf:name'?: string } }[];
    }[];
  };
  const offer = data.find((candidate) => candidate.title === title);
  expect(offer, `search finds ${title}`).toBeDefined();
  const publisher = offer!.datasets[0]!['dcterms:publisher'];
  return {
    '@id': offer!['@id'],
    title: offer!.title,
    paymentModel: offer!.paymentModel,
    price: offer!.price,
    isSellable: offer!.isSellable,
    providerId: publisher['@id'],
    providerName: publisher['foaf:name'] ?? publisher['@id'],
  };
}

/** The URL and key of the curl call the panel shows: `curl -H "X-API-Key: <key>" "<url>"`. */
function parseCurl(text: string): { key: string; url: string } {
  const match = /^curl -H "X-API-Key: ([^"]+)" "([^"]+)"$/.exec(text.trim());
  expect(match, `a curl call: ${text}`).not.toBeNull();
  return { key: match![1]!, url: match![2]! };
}

test('[GATEWAY]: a buyer buys an Api offer, creates a key in My Acquisitions, and the curl call shown reaches the supplier API', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const supplierApi = await startSupplierApi();
  const title = `North Sea gauges API ${Date.now().toString(36)}`;
  const supplierSecret = `supplier-e2e-${Date.now().toString(36)}`;
  try {
    const supplierContext = await browser.newContext({ storageState: SIGNED_OUT });
    try {
      await publishApiOffer(await supplierContext.newPage(), title, `${supplierApi.url}/v1`, supplierSecret);
    } finally {
      await supplierContext.close();
    }

    await page.goto('/');
    const offer = await findOffer(page, title);
    await fillCart(page, [offer]);
    await page.goto('/cart');
    await page.getByTestId('checkout-button').click();
    await page.getByRole('dialog', { name: 'Checkout' }).getByTestId('place-order').click();
    await expect(page.getByTestId('global-alert')).toHaveAttribute('data-type', 'success');

    await page.goto('/acquisition');
    const panel = page.getByRole('region', { name: 'API access' });
    await expect(panel.getByTestId('api-keys-empty')).toBeVisible();
    await panel.getByRole('button', { name: `Create an API key for ${title}` }).click();
    const secret = panel.getByTestId('api-key-secret');
    await expect(secret).toBeVisible();
    await expect(panel.getByTestId('api-new-key')).toContainText('it will not be shown again');
    await expectNoSeriousA11yViolations(page);

    const curl = parseCurl((await panel.getByTestId('api-curl-example').textContent()) ?? '');
    expect(curl.key).toBe(((await secret.textContent()) ?? '').trim());
    expect(curl.url).toBe(`${new URL(page.url()).origin}/gateway/${offer['@id']}/`);
    const answer = await fetch(curl.url, { headers: { 'X-API-Key': curl.key } });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ stations: ['Cuxhaven', 'Helgoland'], path: '/v1/' });
    expect(supplierApi.seen.at(-1)!['x-supplier-key']).toBe(supplierSecret);
    expect(supplierApi.seen.at(-1)!['x-api-key']).toBeUndefined();

    // Revoking asks first in the app's dialog; afterwards the key no longer opens the API.
    await panel.getByRole('button', { name: /^Revoke the API key/ }).click();
    await page.getByRole('dialog', { name: 'Revoke the API key?' }).getByTestId('confirm-dialog-confirm').click();
    await expect(panel.getByText('Revoked', { exact: true })).toBeVisible();
    expect((await fetch(curl.url, { headers: { 'X-API-Key': curl.key } })).status).toBe(401);
  } finally {
    await supplierApi.close();
  }
});
