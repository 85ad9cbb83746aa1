import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../fixtures/axe';
import { fillCart, findPaidOffers, placeOrder } from '../../fixtures/cart';
import { openHome } from '../../fixtures/pages';

test("[OFFERS]: a paid offer's links are explained until the buyer buys it, then shown with Copy", async ({ page }) => {
  await openHome(page);
  // Far down the list, so no other journey of the run has bought it for the same demo buyer.
  const offers = await findPaidOffers(page, true, 30);
  const offer = offers.at(-1)!;

  await page.goto(`/offer/details/${offer['@id']}`);
  await expect(page.getByRole('heading', { level: 1, name: offer.title })).toBeVisible();
  const row = page.getByTestId('endpoint-row').first();
  await expect(row.getByTestId('endpoint-link-restricted')).toHaveText('Available after purchase');
  await expect(page.getByTestId('endpoint-link')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  const showLink = row.getByRole('button', { name: /^Show link: / });
  await showLink.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Access link' });
  await expect(dialog.getByTestId('access-link-restricted')).toHaveText(
    'This link is shown to the supplier and to buyers of this offer. Buying the offer gives access to its endpoints.',
  );
  await expect(dialog.getByRole('button', { name: 'Copy link' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(showLink).toBeFocused();

  await fillCart(page, [offer]);
  await page.goto('/cart');
  await placeOrder(page);
  await expect(page.getByTestId('global-alert')).toHaveText('Your order has been placed sucessfully');

  await page.goto(`/offer/details/${offer['@id']}`);
  await expect(page.getByRole('heading', { level: 1, name: offer.title })).toBeVisible();
  await expect(page.getByTestId('endpoint-link-restricted')).toHaveCount(0);
  await page
    .getByTestId('endpoint-row')
    .first()
    .getByRole('button', { name: /^Show link: / })
    .click();
  await expect(dialog.getByTestId('access-link').or(dialog.getByTestId('access-link-missing'))).toBeVisible();
  await expect(dialog.getByTestId('access-link-restricted')).toHaveCount(0);
});
