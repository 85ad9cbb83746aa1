import { readFile } from 'node:fs/promises';
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

/** Publishes a paid Connector offer on the 'provider' sandbox as the demo supplier; its endpoint serves `dataUrl`. */
async function publishConnectorOffer(page: Page, title: string, dataUrl: string): Promise<void> {
  await signInAs(page, 'supplier', '/offer/create/pre');
  await page.getByTestId('pricing-PAID').click();
  await page.getByTestId('content-DATA').click();
  await page.getByTestId('access-CONNECTOR').click();
  await input(page, 'Title').fill(title);
  await input(page, 'Description').fill('Delivered through the data space.');
  await pick(page, 'Categories', 'Environment');
  await page.keyboard.press('Escape');
  await input(page, 'Author name').fill('Ada Author');
  await input(page, 'Author e-mail').fill('ada@example.org');
  await input(page, 'Maintainer name').fill('Max Maintainer');
  await input(page, 'Maintainer e-mail').fill('max@example.org');
  await page.getByTestId('wizard-next').click();
  await pick(page, 'Mime type', 'application/json');
  await pick(page, 'Format', 'json');
  await input(page, 'Endpoint title').fill('The data');
  await input(page, 'Endpoint description').fill('Served by the supplier.');
  await input(page, 'Access URL').fill(dataUrl);
  await pick(page, 'Size unit', 'KB');
  await page.getByTestId('wizard-next').click();
  await pick(page, 'Connector', 'Provider sandbox (provider)');
  await page.getByTestId('wizard-next').click();
  await pick(page, 'Licence', 'Creative Commons Namensnennung 4.0 International');
  await pick(page, 'Payment model', 'Pay per use / download');
  await input(page, 'Price').fill('5');
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

test('[DELIVERY]: a buyer buys a Connector offer, requests access, watches the negotiation finish and downloads the data', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const title = `Estuary salinity ${Date.now().toString(36)}`;
  // The supplier's endpoint: a file the marketplace itself serves, so the sandbox's data plane can read it offline.
  const dataUrl = `${baseURL}/favicon.svg`;

  const supplierContext = await browser.newContext({ storageState: SIGNED_OUT });
  try {
    await publishConnectorOffer(await supplierContext.newPage(), title, dataUrl);
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
  const purchased = page.getByRole('region', { name: 'Purchased offers' });
  await purchased.getByRole('button', { name: `Request access to ${title}` }).click();
  const panel = purchased.getByTestId('delivery-panel');
  await expect(panel.getByTestId('delivery-negotiation')).toHaveText('Contract negotiation: FINALIZED', {
    timeout: 20_000,
  });
  const downloadButton = purchased.getByRole('button', { name: `Download the data of ${title}` });
  await expect(downloadButton).toBeVisible({ timeout: 20_000 });
  await expect(panel.getByTestId('delivery-transfer')).toHaveText('Transfer: STARTED');
  await expectNoSeriousA11yViolations(page);

  // The state is the server's: it is still there after a reload.
  await page.reload();
  // After a reload the page signs in silently and reads the deliveries again before it shows them.
  await expect(downloadButton).toBeVisible({ timeout: 25_000 });
  const download = page.waitForEvent('download');
  await downloadButton.click();
  const saved = await (await download).path();
  const expected = await (await page.request.get(dataUrl)).body();
  expect(Buffer.compare(await readFile(saved), expected)).toBe(0);
});
