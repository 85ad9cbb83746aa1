import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { asSomeoneElse } from '../../fixtures/auth';
import { expectNoSeriousA11yViolations } from '../../fixtures/axe';
import { buyOffer } from '../../fixtures/cart';
import { saveScreenshots } from '../../fixtures/screenshots';
import { input, publishPaidOffer } from '../../fixtures/wizard';

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
  await publishPaidOffer(page, {
    title,
    description: 'Water levels of the North Sea gauges, as an API.',
    access: 'API',
    endpoint: {
      mimeType: 'application/json',
      format: 'json',
      title: 'Gauge API',
      description: 'Readings by station.',
      accessUrl,
    },
    fillEndpointExtras: async (wizard) => {
      await input(wizard, 'Header name').fill('X-Supplier-Key');
      await wizard.getByLabel('Secret value').fill(secret);
    },
    paymentModel: 'Subscription',
    price: '9',
  });
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
    await asSomeoneElse(browser, (supplier) =>
      publishApiOffer(supplier, title, `${supplierApi.url}/v1`, supplierSecret),
    );

    const offer = await buyOffer(page, title);

    await page.goto('/acquisition');
    // The buyer may hold other API offers: each panel is named for its offer.
    const panel = page.getByRole('region', { name: `API access ${title}` });
    await expect(panel.getByTestId('api-keys-empty')).toBeVisible();
    // Bought on invoice: how to get the data, and that the subscription's invoice is still open.
    const payment = page.getByRole('region', { name: `Payment and access: ${title}` });
    await expect(payment.getByTestId('acquisition-payment-summary')).toHaveText(
      /^Open: \d+\.\d{2} € still to pay \(1 invoice\)\.$/,
    );
    await expect(payment.getByTestId('acquisition-invoice')).toHaveAttribute('data-state', 'open');
    await expect(payment.getByTestId('acquisition-invoice')).toContainText(/due on \d{2}\.\d{2}\.\d{4}/);
    await expect(payment.getByTestId('acquisition-access-hint')).toContainText('your personal API key');
    const usageCard = page.getByTestId('entitlement-usage').filter({ hasText: title });
    await expect(usageCard.getByTestId('entitlement-state')).toHaveText(/invoice \S+ is not paid yet$/);
    // A reload shows the same: the access panel comes from the acquisition, not from the checkout.
    await page.reload();
    await expect(panel.getByTestId('api-keys-empty')).toBeVisible();
    await expect(payment.getByTestId('acquisition-invoice')).toHaveAttribute('data-state', 'open');
    await panel.getByRole('button', { name: `Create an API key for ${title}` }).click();
    const secret = panel.getByTestId('api-key-secret');
    await expect(secret).toBeVisible();
    await expect(panel.getByTestId('api-new-key')).toContainText('it will not be shown again');
    await expectNoSeriousA11yViolations(page);
    await saveScreenshots(page, 'acquisitions-api-payment', payment, 'start');

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
