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

/** Publishes a paid Direct offer as the demo supplier; its one endpoint serves `dataUrl`. */
async function publishDirectOffer(page: Page, title: string, dataUrl: string): Promise<void> {
  await signInAs(page, 'supplier', '/offer/create/pre');
  await page.getByTestId('pricing-PAID').click();
  await page.getByTestId('content-DATA').click();
  await page.getByTestId('access-DIRECT').click();
  await input(page, 'Title').fill(title);
  await input(page, 'Description').fill('Downloaded through the marketplace.');
  await pick(page, 'Categories', 'Environment');
  await page.keyboard.press('Escape');
  await input(page, 'Author name').fill('Ada Author');
  await input(page, 'Author e-mail').fill('ada@example.org');
  await input(page, 'Maintainer name').fill('Max Maintainer');
  await input(page, 'Maintainer e-mail').fill('max@example.org');
  await page.getByTestId('wizard-next').click();
  await pick(page, 'Mime type', 'application/xml');
  await pick(page, 'Format', 'xml');
  await input(page, 'Endpoint title').fill('Station map');
  await input(page, 'Endpoint description').fill('Served by the supplier.');
  await input(page, 'Access URL').fill(dataUrl);
  await pick(page, 'Size unit', 'KB');
  await page.getByTestId('wizard-next').click();
  await pick(page, 'Licence', 'Creative Commons Namensnennung 4.0 International');
  await pick(page, 'Payment model', 'Pay per use / download');
  await input(page, 'Price').fill('3');
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

test('[DELIVERY]: a buyer buys a paid Direct offer and downloads its endpoint from My Acquisitions', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const title = `Tide gauge map ${Date.now().toString(36)}`;
  // The supplier's source: a file the marketplace itself serves (DOWNLOAD_ALLOWED_HOSTS allows its loopback host).
  const dataUrl = `${baseURL}/favicon.svg`;

  const supplierContext = await browser.newContext({ storageState: SIGNED_OUT });
  try {
    await publishDirectOffer(await supplierContext.newPage(), title, dataUrl);
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
  const downloadButton = purchased.getByRole('button', { name: `Download Station map of ${title}` });
  await expect(downloadButton).toBeVisible({ timeout: 25_000 });
  await expectNoSeriousA11yViolations(page);

  const download = page.waitForEvent('download');
  await downloadButton.click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe('Station map.xml');
  const expected = await (await page.request.get(dataUrl)).body();
  expect(Buffer.compare(await readFile(await saved.path()), expected)).toBe(0);
  await expect(purchased.getByTestId('download-started')).toHaveText('The download of Station map has started.');
});
