import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { asSomeoneElse } from '../../fixtures/auth';
import { expectNoSeriousA11yViolations } from '../../fixtures/axe';
import { buyOffer } from '../../fixtures/cart';
import { publishPaidOffer } from '../../fixtures/wizard';

/** Publishes a paid Direct offer as the demo supplier; its one endpoint serves `dataUrl`. */
async function publishDirectOffer(page: Page, title: string, dataUrl: string): Promise<void> {
  await publishPaidOffer(page, {
    title,
    description: 'Downloaded through the marketplace.',
    access: 'DIRECT',
    endpoint: {
      mimeType: 'application/xml',
      format: 'xml',
      title: 'Station map',
      description: 'Served by the supplier.',
      accessUrl: dataUrl,
    },
    paymentModel: 'Pay per use / download',
    price: '3',
  });
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

  await asSomeoneElse(browser, (supplier) => publishDirectOffer(supplier, title, dataUrl));

  await buyOffer(page, title);

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
