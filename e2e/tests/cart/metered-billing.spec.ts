import { readFile } from 'node:fs/promises';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { SIGNED_OUT, signInAs, type TDemoUser } from '../../fixtures/auth';
import { invoiceThisMonthsUsage } from '../../fixtures/billing';
import { fillCart, findCartOffer, placeOrder } from '../../fixtures/cart';
import { startDataSource } from '../../fixtures/data-source';
import { saveScreenshots } from '../../fixtures/screenshots';
import { publishPaidOffer } from '../../fixtures/wizard';

// Usage is invoiced per buyer, supplier and month under one key, and both journeys sell as the demo
// supplier: they run one after the other, so one journey's billing run never bills the other's usage
// half-way. Each buys as another demo user, so each gets an invoice of its own.
test.describe.configure({ mode: 'default' });

/** `numerator / denominator` rounded half up, as the invoices round (non-negative integers). */
const divideHalfUp = (numerator: bigint, denominator: bigint): bigint =>
  (numerator * 2n + denominator) / (2n * denominator);

/** Cents as the English pages print money: 617n is '6.17 €'. */
const euros = (cents: bigint): string => `${(Number(cents) / 100).toFixed(2)} €`;

type TMeteredJourney = {
  buyer: TDemoUser;
  title: string;
  /** The wizard's label of the payment model. */
  paymentModel: string;
  /** The price as the supplier types it, in euros. */
  price: string;
  fileName: string;
  fileSize: number;
};

/**
 * Publishes a Direct offer as the demo supplier, in a browser of their own that stays signed in for
 * My sales later; its one endpoint, 'Readings', is the file at `accessUrl`.
 */
async function publishMeteredOffer(browser: Browser, journey: TMeteredJourney, accessUrl: string): Promise<Page> {
  const context = await browser.newContext({ storageState: SIGNED_OUT });
  const page = await context.newPage();
  await publishPaidOffer(page, {
    title: journey.title,
    description: 'Metered readings of the tide gauges, downloaded through the marketplace.',
    access: 'DIRECT',
    endpoint: {
      mimeType: 'text/csv',
      format: 'csv',
      title: 'Readings',
      description: 'All gauges, one reading a line.',
      accessUrl,
    },
    paymentModel: journey.paymentModel,
    price: journey.price,
  });
  return page;
}

/** The buyer finds the offer, checks its price and payment model, and buys it through the cart. */
async function buyThroughCart(page: Page, title: string, priceText: string, modelName: string): Promise<void> {
  const offer = await findCartOffer(page, title);
  await page.goto(`/offer/details/${encodeURIComponent(offer['@id'])}`);
  const details = page.getByTestId('details-panel');
  await expect(details.getByTestId('details-price')).toHaveText(priceText);
  await expect(details.getByTestId('payment-model')).toHaveText(modelName);
  await fillCart(page, [offer]);
  await page.goto('/cart');
  await placeOrder(page);
  await expect(page.getByTestId('global-alert')).toHaveAttribute('data-type', 'success');
}

/** Downloads the endpoint twice with its Download button in My Acquisitions; answers the bytes saved. */
async function downloadTwice(page: Page, title: string, expected: Buffer): Promise<number> {
  await page.goto('/acquisition');
  const button = page
    .getByRole('region', { name: 'Purchased offers' })
    .getByRole('button', { name: `Download Readings of ${title}` });
  await expect(button).toBeVisible({ timeout: 25_000 });
  let bytes = 0;
  for (let round = 0; round < 2; round++) {
    const download = page.waitForEvent('download');
    await button.click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe('Readings.csv');
    const content = await readFile((await saved.path())!);
    expect(Buffer.compare(content, expected)).toBe(0);
    bytes += content.length;
  }
  return bytes;
}

/** The usage card of the offer in My Acquisitions, once the page shows `figure` at `value`. */
async function usageCardShowing(page: Page, title: string, figure: string, value: string) {
  const card = page.getByTestId('acquisition-usage').getByTestId('entitlement-usage').filter({ hasText: title });
  // A download is counted when its last byte went out, just after the browser saved it.
  await expect(async () => {
    await page.goto('/acquisition');
    await expect(card.getByTestId(figure)).toHaveText(value, { timeout: 15_000 });
  }).toPass({ timeout: 60_000 });
  return card;
}

/** The buyer's My orders: the usage order's line of the offer reads `lineText`, and it has its invoice. */
async function expectUsageInvoiceInMyOrders(page: Page, title: string, lineText: string): Promise<void> {
  await page.goto('/orders');
  const order = page
    .getByTestId('order')
    .filter({ has: page.getByTestId('order-line-price').filter({ hasText: lineText }) });
  await expect(order).toHaveCount(1);
  await expect(order.getByRole('listitem').filter({ hasText: title }).getByTestId('order-line-price')).toHaveText(
    lineText,
  );
  await expect(order.getByTestId('invoice-row')).toHaveCount(1);
  await expect(order.getByTestId('invoice-number')).toHaveText(/^[0-9A-F]{8}-\d{4}-\d{6}$/);
}

/** The demo supplier's My sales: the usage invoice with the offer's line, and this month's usage row. */
async function expectSaleInMySales(
  page: Page,
  journey: TMeteredJourney,
  lineText: string,
  usage: { column: number; value: string },
): Promise<void> {
  await page.goto('/sales');
  const sale = page
    .getByTestId('sale')
    .filter({ has: page.getByTestId('order-line-price').filter({ hasText: lineText }) });
  await expect(sale).toHaveCount(1);
  await expect(sale.getByRole('listitem').filter({ hasText: journey.title })).toContainText(lineText);
  const row = page.getByTestId('sales-usage-table').getByTestId('offer-usage').filter({ hasText: journey.title });
  await expect(row.getByRole('cell').nth(usage.column)).toHaveText(usage.value);
  await saveScreenshots(
    page,
    `sales-usage-${journey.buyer === 'buyer' ? 'downloads' : 'volume'}`,
    page.getByTestId('sales-usage'),
    'start',
  );
}

test('[CART]: a buyer buys a per-download offer, downloads it twice, sees the cost this month, and gets it invoiced the next month; the supplier sees the sale', async ({
  page,
  browser,
}) => {
  // Two people in two browsers, two downloads and a billing run: longer than a one-person journey.
  test.setTimeout(420_000);
  const journey: TMeteredJourney = {
    buyer: 'buyer',
    title: `Gauge downloads ${Date.now().toString(36)}`,
    paymentModel: 'Pay per use / download',
    price: '0.99',
    fileName: 'gauges.csv',
    fileSize: 4_096,
  };
  const source = await startDataSource(journey.fileName, journey.fileSize);
  const supplier = await publishMeteredOffer(browser, journey, source.url);
  try {
    await page.goto('/');
    await buyThroughCart(page, journey.title, '0.99 € / download', 'Per download');
    await downloadTwice(page, journey.title, source.body);
  } finally {
    await source.close();
  }

  const unitCents = 99n;
  const downloads = 2n;
  const costCents = divideHalfUp(downloads * 1000n * unitCents, 1000n);
  const card = await usageCardShowing(page, journey.title, 'usage-downloads', String(downloads));
  await expect(card.getByTestId('usage-cost')).toHaveText(euros(costCents));
  await saveScreenshots(page, 'acquisitions-usage-downloads', card);

  expect((await invoiceThisMonthsUsage()).length).toBeGreaterThan(0);
  const lineText = `${downloads} × ${euros(unitCents)} / download = ${euros(costCents)}`;
  await expectUsageInvoiceInMyOrders(page, journey.title, lineText);
  // Columns after the offer's name: price, buyers, downloads, MB, requests.
  await expectSaleInMySales(supplier, journey, lineText, { column: 2, value: String(downloads) });
  await supplier.context().close();
});

test('[CART]: a buyer buys a per-MB offer, downloads it twice, sees the MB and cost this month, and gets them invoiced the next month; the supplier sees the sale', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const journey: TMeteredJourney = {
    buyer: 'operator',
    title: `Gauge volume ${Date.now().toString(36)}`,
    paymentModel: 'By data volume',
    price: '2.50',
    fileName: 'gauges-full.csv',
    fileSize: 1_234_567,
  };
  // Another demo user than the per-download journey's buyer: every buyer gets one usage invoice per
  // supplier and month.
  const context = await browser.newContext({ storageState: SIGNED_OUT });
  const page = await context.newPage();
  const source = await startDataSource(journey.fileName, journey.fileSize);
  const supplier = await publishMeteredOffer(browser, journey, source.url);
  let bytes: number;
  try {
    await signInAs(page, journey.buyer, '/');
    await buyThroughCart(page, journey.title, '2.50 € / MB', 'Per MB');
    bytes = await downloadTwice(page, journey.title, source.body);
  } finally {
    await source.close();
  }
  expect(bytes).toBe(2 * journey.fileSize);

  // MB of 10^6 bytes to three decimals, then the line's amount, each rounded half up once.
  const unitCents = 250n;
  const quantityMilli = divideHalfUp(BigInt(bytes), 1000n);
  const costCents = divideHalfUp(quantityMilli * unitCents, 1000n);
  const megabytes = (Number(quantityMilli) / 1000).toFixed(3);
  try {
    const card = await usageCardShowing(page, journey.title, 'usage-volume', `${megabytes} MB`);
    await expect(card.getByTestId('usage-cost')).toHaveText(euros(costCents));
    await saveScreenshots(page, 'acquisitions-usage-volume', card);

    expect((await invoiceThisMonthsUsage()).length).toBeGreaterThan(0);
    const lineText = `${megabytes} × ${euros(unitCents)} / MB = ${euros(costCents)}`;
    await expectUsageInvoiceInMyOrders(page, journey.title, lineText);
    await expectSaleInMySales(supplier, journey, lineText, { column: 3, value: `${megabytes} MB` });
  } finally {
    await context.close();
    await supplier.context().close();
  }
});
