import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { asSomeoneElse } from '../../fixtures/auth';
import { expectNoSeriousA11yViolations } from '../../fixtures/axe';
import { buyOffer } from '../../fixtures/cart';
import { publishPaidOffer } from '../../fixtures/wizard';

/** Publishes a paid Connector offer on the 'provider' sandbox as the demo supplier; its endpoint serves `dataUrl`. */
async function publishConnectorOffer(page: Page, title: string, dataUrl: string): Promise<void> {
  await publishPaidOffer(page, {
    title,
    description: 'Delivered through the data space.',
    access: 'CONNECTOR',
    endpoint: {
      mimeType: 'application/json',
      format: 'json',
      title: 'The data',
      description: 'Served by the supplier.',
      accessUrl: dataUrl,
    },
    connector: 'Provider sandbox (provider)',
    paymentModel: 'Pay per use / download',
    price: '5',
  });
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

  await asSomeoneElse(browser, (supplier) => publishConnectorOffer(supplier, title, dataUrl));

  await buyOffer(page, title);

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
