import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../fixtures/axe';
import { fillCart, findPaidOffers, placeOrder } from '../../fixtures/cart';
import { openHome } from '../../fixtures/pages';
import { saveScreenshots } from '../../fixtures/screenshots';

test('[CART]: a buyer subscribes to an offer, finds it in My Acquisitions with its period and its invoice still open, and cancels it', async ({
  page,
}) => {
  await openHome(page);
  const [subscription] = await findPaidOffers(page, true, 1, 'SUBSCRIPTION_BASED');
  await fillCart(page, [subscription!]);

  await page.goto('/cart');
  const item = page.getByTestId('cart-item');
  await expect(item.getByTestId('cart-item-price')).toHaveText(/^\d+[.,]\d{2} € \/ month$/);
  await expect(item.getByTestId('cart-item-billing')).toContainText('renews monthly');
  await placeOrder(page);
  await expect(page.getByTestId('global-alert')).toHaveText('Your order has been placed sucessfully');

  await page.goto('/acquisition');
  const usage = page.getByTestId('acquisition-usage');
  await expect(usage.getByRole('heading', { name: 'Usage and costs this month' })).toBeVisible();
  const card = usage.getByTestId('entitlement-usage').filter({ hasText: subscription!.title }).first();
  await expect(card).toBeVisible();
  await expect(card).toContainText('/ month');
  const state = card.getByTestId('entitlement-state');
  // Bought on invoice and not paid yet: the period runs, but it is not called paid.
  await expect(state).toHaveText(/^Runs until \d{2}\.\d{2}\.\d{4}; invoice \S+ is not paid yet$/);
  const runsUntil = (await state.textContent())!.match(/\d{2}\.\d{2}\.\d{4}/)![0];
  await expectNoSeriousA11yViolations(page);
  await saveScreenshots(page, 'acquisitions-subscription-cancel', card);

  await card.getByTestId('cancel-subscription').click();
  const dialog = page.getByRole('dialog', { name: `Cancel the subscription to ${subscription!.title}?` });
  await expect(dialog).toContainText(`You keep access until ${runsUntil}.`);
  await dialog.getByTestId('confirm-cancel-subscription').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('global-alert')).toContainText(`access ends on ${runsUntil}`);
  await expect(state).toHaveText(`Cancelled: access ends on ${runsUntil}`);
  await expect(card.getByTestId('cancel-subscription')).toHaveCount(0);

  // The same at phone width: the panel stays readable and keyboard-free of traps.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(state).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
