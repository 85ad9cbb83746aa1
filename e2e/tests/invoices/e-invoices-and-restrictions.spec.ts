import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type Browser, expect, test } from '@playwright/test';
import { SIGNED_OUT, signInAs } from '../../fixtures/auth';
import { expectNoSeriousA11yViolations } from '../../fixtures/axe';
import { fillCart, findCartOffer, placeOrder } from '../../fixtures/cart';
import { publishAsSupplier } from '../../fixtures/offers';
import { saveScreenshots } from '../../fixtures/screenshots';

/**
 * The demo supplier publishes a subscription offer, restricted to `geoRestriction` for 12 months when one is
 * given; the demo buyer's organisation is in Germany (apps/server/src/modules/organisations/demo-organisations.ts).
 */
function publishSubscription(browser: Browser, title: string, geoRestriction: string): Promise<string> {
  return publishAsSupplier(browser, title, {
    endpoints: [
      {
        endpointTitle: 'Readings',
        endpointDescription: 'All stations.',
        accessUrl: `https://data.example.org/${randomUUID()}/readings.csv`,
      },
    ],
    licensingInfo: {
      geoRestriction,
      timeRestriction: geoRestriction ? '12' : '',
      timeUnit: geoRestriction ? 'Months' : '',
      paymentType: 'SUBSCRIPTION_BASED',
      price: 40,
    },
  });
}

test('[INVOICES]: a German buyer orders and downloads the Factur-X PDF from My orders', async ({ page, browser }) => {
  const title = `Rhine gauges ${randomUUID().slice(0, 8)}`;
  await publishSubscription(browser, title, '');
  await page.goto('/');
  const offer = await findCartOffer(page, title);
  await fillCart(page, [offer]);
  await page.goto('/cart');
  // A German business buyer pays 19 % VAT; no reverse charge.
  await expect(page.getByTestId('cart-vat-label')).toHaveText('VAT 19 %');
  await expect(page.getByTestId('cart-reverse-charge')).toBeHidden();
  await placeOrder(page);
  await expect(page.getByTestId('global-alert')).toHaveText('Your order has been placed sucessfully');

  await page.goto('/orders');
  const order = page.getByTestId('order').filter({ hasText: title });
  const invoice = order.getByTestId('invoice-row').first();
  const number = (await invoice.getByTestId('invoice-number').textContent())!;
  await expect(invoice.getByRole('button')).toHaveText(['PDF', 'Factur-X', 'XRechnung']);
  const download = page.waitForEvent('download');
  await invoice.getByRole('button', { name: `Download invoice ${number} as Factur-X PDF (ZUGFeRD)` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`invoice-${number}-factur-x.pdf`);
  const bytes = await readFile((await file.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // The e-invoice travels inside: the attachment's name and the PDF/A-3 identification.
  expect(bytes.includes(Buffer.from('factur-x.xml'))).toBe(true);
  expect(bytes.includes(Buffer.from('<pdfaid:part>3</pdfaid:part>'))).toBe(true);
  await saveScreenshots(page, 'orders-invoices', order);
  await expectNoSeriousA11yViolations(page);
});

test('[INVOICES]: a buyer from a country the offer is not for sees the restriction and is refused at checkout', async ({
  page,
  browser,
}) => {
  const title = `Vienna parking ${randomUUID().slice(0, 8)}`;
  await publishSubscription(browser, title, 'AT');
  await page.goto('/');
  const offer = await findCartOffer(page, title);

  await page.goto(`/offer/details/${offer['@id']}`);
  const terms = page.getByTestId('offer-terms');
  await expect(terms.getByTestId('offer-terms-countries')).toHaveText('Austria');
  await expect(terms.getByTestId('offer-terms-period')).toHaveText('12 months');
  await expect(terms.getByTestId('offer-terms-licence')).toHaveText('Creative Commons Namensnennung 4.0 International');
  await expect(terms.getByRole('alert')).toContainText('Your organisation is in Germany');
  await expectNoSeriousA11yViolations(page);

  await fillCart(page, [offer]);
  await page.goto('/cart');
  await expect(page.getByTestId('cart-item-restriction')).toHaveText('Only for organisations in Austria');
  await expect(page.getByTestId('cart-item-refused')).toBeVisible();
  await placeOrder(page);
  const alert = page.getByTestId('global-alert');
  await expect(alert).toHaveAttribute('data-type', 'error');
  // The server's refusal is told in the page's language, naming the item.
  await expect(alert).toContainText(
    `The order was refused: “${title}” may not be used in your organisation's country. Remove it from the cart.`,
  );
  await expect(page).toHaveURL(/\/cart$/);
});

test('[INVOICES]: the operator records that a sale’s commission invoice is paid, and the supplier sees it paid', async ({
  page,
  browser,
}) => {
  const title = `Moselle gauges ${randomUUID().slice(0, 8)}`;
  await publishSubscription(browser, title, '');
  await page.goto('/');
  await fillCart(page, [await findCartOffer(page, title)]);
  await page.goto('/cart');
  await placeOrder(page);
  await expect(page.getByTestId('global-alert')).toHaveText('Your order has been placed sucessfully');
  await page.goto('/orders');
  const saleNumber = (await page
    .getByTestId('order')
    .filter({ hasText: title })
    .getByTestId('invoice-number')
    .first()
    .textContent())!;

  const operatorContext = await browser.newContext({ storageState: SIGNED_OUT });
  try {
    const operator = await operatorContext.newPage();
    await signInAs(operator, 'operator', '/commission-invoices');
    await expect(operator.getByRole('heading', { level: 1, name: 'Commission invoices' })).toBeVisible();
    const card = operator
      .getByTestId('commission-invoice-card')
      .filter({ hasText: new RegExp(`% on invoice ${saleNumber}(?!\\d)`) });
    await expect(card).toHaveCount(1);
    const heading = (await card.getByRole('heading').textContent())!;
    const commissionNumber = heading.replace('Commission invoice ', '');
    expect(commissionNumber).toMatch(/^PROV-\d{4}-\d+$/);
    await expect(card).toContainText('Open');
    await expectNoSeriousA11yViolations(operator);
    await saveScreenshots(operator, 'commission-invoices', card);
    await card.getByTestId('mark-commission-paid').click();
    await expect(operator.getByTestId('global-alert')).toHaveText(
      `Commission invoice ${commissionNumber} is marked as paid.`,
    );
    await expect(card.getByTestId('mark-commission-paid')).toHaveCount(0);
    await expect(card).toContainText('Paid');
  } finally {
    await operatorContext.close();
  }

  const supplierContext = await browser.newContext({ storageState: SIGNED_OUT });
  try {
    const supplier = await supplierContext.newPage();
    await signInAs(supplier, 'supplier', '/sales');
    const sale = supplier.getByTestId('sale').filter({ hasText: new RegExp(`${saleNumber}(?!\\d)`) });
    // Net, VAT, the buyer's total, less VAT and commission, and what the seller receives add up.
    const amounts = sale.getByTestId('sale-amounts');
    const cents = async (testId: string) =>
      Math.round(Number(((await amounts.getByTestId(testId).textContent()) ?? '').replace(/[^\d.-]/g, '')) * 100);
    const [net, vat, gross, lessVat, lessCommission, proceeds] = await Promise.all(
      ['sale-net', 'sale-vat', 'sale-gross', 'sale-less-vat', 'sale-commission', 'sale-proceeds'].map(cents),
    );
    expect(net! + vat!).toBe(gross);
    expect(lessVat).toBe(-vat!);
    expect(lessCommission).toBeLessThan(0);
    expect(gross! + lessVat! + lessCommission!).toBe(proceeds);
    await saveScreenshots(supplier, 'sales-amounts', amounts);
    const commission = sale.getByTestId('commission-invoice');
    await expect(commission).toContainText('(paid)');
    // The commission invoice is an e-invoice too, downloadable where the supplier sees it.
    const xmlFile = supplier.waitForEvent('download');
    await commission.getByRole('button', { name: /as XRechnung \(XML\)$/ }).click();
    const xml = await xmlFile;
    expect(xml.suggestedFilename()).toMatch(/^commission-invoice-PROV-\d{4}-\d+\.xml$/);
    const ubl = await readFile((await xml.path())!, 'utf8');
    expect(ubl).toContain(`<cbc:BuyerReference>${saleNumber}</cbc:BuyerReference>`);
    await saveScreenshots(supplier, 'sales-commission', commission);
  } finally {
    await supplierContext.close();
  }
});
