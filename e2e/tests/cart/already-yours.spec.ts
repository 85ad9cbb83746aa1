import { expect, test } from '@playwright/test';
import { SIGNED_OUT, signInAs } from '../../fixtures/auth';
import { expectNoSeriousA11yViolations } from '../../fixtures/axe';
import { fillCart, findPaidOffers, placeOrder, readSession } from '../../fixtures/cart';
import { openHome } from '../../fixtures/pages';
import { saveScreenshots } from '../../fixtures/screenshots';

test('[CART]: a buyer subscribes to an offer; its page then says it is already theirs and the cart and checkout refuse it again', async ({
  page,
}) => {
  // Two checkouts and four pages on a machine the server shares with two browsers.
  test.slow();
  await openHome(page);
  const [subscription] = await findPaidOffers(page, true, 1, 'SUBSCRIPTION_BASED');
  await fillCart(page, [subscription!]);
  await page.goto('/cart');
  await placeOrder(page);
  await expect(page.getByTestId('global-alert')).toHaveText('Your order has been placed sucessfully');

  await page.goto(`/offer/details/${subscription!['@id']}`);
  await expect(page.getByRole('heading', { level: 1, name: subscription!.title })).toBeVisible();
  await expect(page.getByTestId('not-for-sale')).toHaveText(
    'This offer is already yours. You find it in My Acquisitions.',
  );
  await expect(page.getByTestId('add-to-cart')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshots(page, 'offer-already-yours', page.getByTestId('not-for-sale'));
  await page.getByRole('link', { name: 'Go to My Acquisitions' }).click();
  await expect(page).toHaveURL(/\/acquisition$/);

  // A cart filled before the purchase (another tab, another day) still holds it: the cart marks it, and
  // checkout refuses it instead of selling it twice.
  await fillCart(page, [subscription!]);
  await page.goto('/cart');
  await expect(page.getByTestId('cart-item-sale-refusal')).toContainText('This offer is already yours.');
  await saveScreenshots(page, 'cart-already-yours', page.getByTestId('cart-item-sale-refusal'));
  await placeOrder(page);
  const alert = page.getByTestId('global-alert');
  await expect(alert).toHaveText(
    `The order was refused: “${subscription!.title}” is already yours (see My Acquisitions). Remove it from the cart.`,
  );
  await expect(alert).toHaveAttribute('data-type', 'error');
});

test('[CART]: a supplier sees no Add to cart on an offer its organisation sells, and why', async ({ browser }) => {
  const context = await browser.newContext({ storageState: SIGNED_OUT });
  try {
    const page = await context.newPage();
    await signInAs(page, 'supplier', '/');
    // The demo supplier's organisation sells every paid demo offer.
    const { token } = await readSession(page);
    const { data } = (await (
      await page.request.post('/api/search', {
        headers: { authorization: `Bearer ${token}` },
        data: { index: 0, pageSize: 10, filter: { minPrice: 1 } },
      })
    ).json()) as { data: { '@id': string; title: string; isSellable: boolean }[] };
    const own = data.find((candidate) => candidate.isSellable)!;
    await page.goto(`/offer/details/${own['@id']}`);
    await expect(page.getByRole('heading', { level: 1, name: own.title })).toBeVisible();
    await expect(page.getByTestId('not-for-sale')).toHaveText(
      'You publish this offer: your organisation sells it, so it cannot buy it.',
    );
    await expect(page.getByTestId('add-to-cart')).toHaveCount(0);
  } finally {
    await context.close();
  }
});
