import { readFile } from 'node:fs/promises';
import { type Download, expect, test } from '@playwright/test';
import { SIGNED_OUT } from '../../fixtures/auth';
import { findCartOffer } from '../../fixtures/cart';
import { startDataSource } from '../../fixtures/data-source';
import { publishFreeOffer } from '../../fixtures/wizard';

test('[CART]: a buyer gets a free offer from its endpoint without an order, and finds no order or invoice for it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const title = `Open tide tables ${Date.now().toString(36)}`;
  const source = await startDataSource('tides.csv', 2_048);
  try {
    const supplierContext = await browser.newContext({ storageState: SIGNED_OUT });
    try {
      await publishFreeOffer(await supplierContext.newPage(), {
        title,
        description: 'Tide tables of the North Sea ports, free for everyone.',
        access: 'DIRECT',
        endpoint: {
          mimeType: 'text/csv',
          format: 'csv',
          title: 'Tide table',
          description: 'One port a line.',
          accessUrl: source.url,
        },
      });
    } finally {
      await supplierContext.close();
    }

    await page.goto('/');
    const offer = await findCartOffer(page, title);
    expect(offer.paymentModel).toBe('FREE_OF_CHARGE');
    await page.goto(`/offer/details/${encodeURIComponent(offer['@id'])}`);
    const details = page.getByTestId('details-panel');
    await expect(details.getByTestId('details-price')).toHaveText('Free');
    // There is nothing to order: the cart keeps a free offer out and says where the data is.
    await expect(page.getByTestId('add-to-cart')).toBeDisabled();
    await expect(page.getByTestId('not-for-sale')).toHaveText(
      'Free of charge: there is nothing to order. Get the data from its endpoints.',
    );

    await page.getByRole('button', { name: 'Show link: Tide table' }).filter({ visible: true }).click();
    const link = page.getByRole('dialog', { name: 'Access link' }).getByTestId('access-link');
    await expect(link).toHaveText(source.url);
    // The link opens a new tab, which the browser turns into a download of the file (reported on the
    // tab or on the page that opened it, depending on the browser's version).
    const download = new Promise<Download>((resolve) => {
      page.once('download', resolve);
      page.context().on('page', (tab) => tab.once('download', resolve));
    });
    await link.click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe('tides.csv');
    expect(Buffer.compare(await readFile((await saved.path())!), source.body)).toBe(0);
  } finally {
    await source.close();
  }

  // Nothing was ordered, so nothing was invoiced: My orders has no order of the offer.
  await page.goto('/orders');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('orders').or(page.getByText('You have not ordered anything yet'))).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);
});
