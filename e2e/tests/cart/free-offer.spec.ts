import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { SIGNED_OUT } from '../../fixtures/auth';
import { findCartOffer } from '../../fixtures/cart';
import { startDataSource } from '../../fixtures/data-source';
import { publishFreeOffer } from '../../fixtures/wizard';

test('[CART]: a buyer acquires a free offer through the checkout with no invoice, and downloads it from My Acquisitions', async ({
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
    // A free offer is still open to everyone: its link is shown without buying it.
    await page.getByRole('button', { name: 'Show link: Tide table' }).filter({ visible: true }).click();
    const linkDialog = page.getByRole('dialog', { name: 'Access link' });
    await expect(linkDialog.getByTestId('access-link')).toHaveText(source.url);
    await page.keyboard.press('Escape');
    await expect(linkDialog).toBeHidden();

    // Acquiring it records the licence accepted: through the cart, at 0 €, with no invoice.
    await page.getByTestId('add-to-cart').click();
    await page.getByRole('dialog', { name: 'Added to cart' }).getByTestId('added-checkout').click();
    const checkout = page.getByRole('dialog', { name: 'Checkout' });
    await expect(checkout.getByTestId('checkout-items')).toContainText(`${title} – Free`);
    await checkout.getByTestId('place-order').click();
    await expect(page.getByTestId('global-alert')).toHaveText('Your order has been placed sucessfully');

    await page.goto('/acquisition');
    const purchased = page.locator('section[aria-labelledby="acquisitions-purchased"]');
    const entry = purchased
      .locator('div')
      .filter({ has: page.getByRole('link', { name: title }) })
      .filter({
        has: page.getByTestId('download-panel'),
      });
    await expect(entry.last()).toBeVisible();
    const download = page.waitForEvent('download');
    await entry
      .last()
      .getByRole('button', { name: /Tide table/ })
      .click();
    const saved = await download;
    // Downloads through the marketplace are named after the endpoint.
    expect(saved.suggestedFilename()).toBe('Tide table.csv');
    expect(Buffer.compare(await readFile((await saved.path())!), source.body)).toBe(0);
  } finally {
    await source.close();
  }

  // The order is in My orders, with nothing to pay: no invoice was issued for it.
  await page.goto('/orders');
  const order = page.getByTestId('order').filter({ hasText: title });
  await expect(order).toBeVisible();
  await expect(order.getByTestId('order-line-price')).toHaveText('Free');
  await expect(order.getByTestId('invoice-row')).toHaveCount(0);
});
