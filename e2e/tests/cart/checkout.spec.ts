import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../fixtures/axe';
import { fillCart, findPaidOffers } from '../../fixtures/cart';
import { openHome } from '../../fixtures/pages';

// The offer details page does not show the cart buttons yet, so the journeys fill the cart through
// its local-storage format, exactly as the add-to-cart button stores it.

test('[CART]: a buyer puts two offers in the cart, checks out and finds the order with its invoice', async ({
  page,
}) => {
  await openHome(page);
  // Subscriptions: checkout invoices their first month (metered offers are invoiced monthly).
  const offers = await findPaidOffers(page, true, 2, 'SUBSCRIPTION_BASED');
  await fillCart(page, offers);

  const badge = page.getByTestId('cart-badge');
  await expect(badge).toHaveText('2');
  await page.getByRole('link', { name: 'Cart, 2 items' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My cart' })).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('2 items');
  await expect(page.getByTestId('cart-item')).toHaveCount(2);
  await expect(page.getByTestId('cart-total')).toHaveText(/^\d+[.,]\d{2} €$/);
  await expectNoSeriousA11yViolations(page);

  await page.getByTestId('checkout-button').click();
  const checkout = page.getByRole('dialog', { name: 'Checkout' });
  await expect(checkout).toBeVisible();
  const placeOrder = checkout.getByTestId('place-order');
  await expect(placeOrder).toBeEnabled();
  await placeOrder.click();

  await expect(page).toHaveURL(/\/$/);
  const alert = page.getByTestId('global-alert');
  await expect(alert).toHaveText('Your order has been placed sucessfully');
  await expect(alert).toHaveAttribute('data-type', 'success');
  await expect(checkout).toBeHidden();
  await expect(badge).toBeHidden();

  await page.getByTestId('orders-menu').click();
  await page.getByRole('menuitem', { name: 'My orders' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
  const order = page.getByTestId('order').first();
  await expect(order.getByTestId('order-state')).toHaveText('Invoiced');
  for (const offer of offers) await expect(order.getByRole('link', { name: offer.title })).toBeVisible();
  const invoice = order.getByTestId('invoice-row').first();
  await expect(invoice.getByTestId('invoice-number')).toHaveText(/^[0-9A-F]{8}-\d{4}-\d{6}$/);
  const number = await invoice.getByTestId('invoice-number').textContent();
  const download = page.waitForEvent('download');
  await invoice.getByTestId('invoice-download').click();
  expect((await download).suggestedFilename()).toBe(`invoice-${number}.pdf`);
  await expectNoSeriousA11yViolations(page);
});

test('[CART]: an offer that is not for sale cannot be ordered', async ({ page }) => {
  await openHome(page);
  const [forSale] = await findPaidOffers(page, true, 1);
  const [notForSale] = await findPaidOffers(page, false, 1);
  // A cart saved while the offer was for sale (or in demo mode) still holds it.
  await fillCart(page, [forSale!, { ...notForSale!, isSellable: true }]);
  await page.goto('/cart');
  await page.getByTestId('checkout-button').click();

  const changes = page.getByTestId('checkout-changes');
  await expect(changes).toContainText(`${notForSale!.title} is no longer for sale and will be removed.`);
  await expect(page.getByTestId('place-order')).toBeDisabled();
  await page.getByTestId('checkout-accept').click();
  await expect(changes).toBeHidden();
  await expect(page.getByTestId('checkout-items').getByRole('listitem')).toHaveCount(1);
  await expect(page.getByTestId('place-order')).toBeEnabled();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('cart-item')).toHaveCount(1);
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
});

test('[CART]: the add-to-cart button of an offer that is not for sale is disabled', async ({ page }) => {
  await openHome(page);
  const [notForSale] = await findPaidOffers(page, false, 1);
  await page.goto(`/offer/details/${notForSale!['@id']}`);
  await expect(page.getByRole('heading', { level: 1, name: notForSale!.title })).toBeVisible();
  const addToCart = page.getByTestId('add-to-cart');
  await expect(addToCart).toBeDisabled();
  await expect(page.getByTestId('not-for-sale')).toHaveText('This offer is not for sale.');
});
