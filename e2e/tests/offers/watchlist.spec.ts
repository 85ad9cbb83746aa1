import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../fixtures/axe';
import { openNthResult } from '../../fixtures/pages';

test('[OFFERS]: a buyer likes an offer, finds it in the watchlist and unlikes it there', async ({ page }) => {
  const title = await openNthResult(page, 'traffic', 3);

  const likes = page.getByTestId('offer-likes');
  const before = Number(((await likes.textContent()) ?? '0').replace(/\D/g, ''));
  const heart = page.getByRole('button', { name: `Like ${title}` });
  await expect(heart).toBeEnabled();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(page.getByRole('button', { name: `Unlike ${title}` })).toHaveAttribute('aria-pressed', 'true');
  await expect(likes).toHaveText(`${before + 1} like${before + 1 === 1 ? '' : 's'}`);

  // The Assets menu leads to the watchlist, where the liked offer waits with a filled heart.
  await page.getByRole('button', { name: 'Assets' }).click();
  await page.getByRole('menuitem', { name: 'My watchlist' }).click();
  await expect(page).toHaveURL(/\/watchlist$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My watchlist' })).toBeVisible();
  const entry = page.getByTestId('offer-card').filter({ has: page.getByRole('link', { name: title }) });
  await expect(entry).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The filter panel works: a text that matches nothing hides it, Clear brings it back.
  await page.getByRole('textbox', { name: 'Search in this list' }).fill('no offer is called like this');
  await expect(entry).toBeHidden();
  await page.getByTestId('offer-list-clear').click();
  await expect(entry).toBeVisible();

  // The card opens the details; back on the watchlist the heart removes the like.
  await entry.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.goBack();
  await entry.getByRole('button', { name: `Unlike ${title}` }).click();
  await expect(entry).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'My watchlist' })).toBeVisible();
  await expect(page.getByTestId('offer-list').or(page.getByTestId('offer-list-empty'))).toBeVisible();
  await expect(page.getByTestId('offer-card').filter({ has: page.getByRole('link', { name: title }) })).toHaveCount(0);
});

test('[OFFERS]: a liked offer shows in My Acquisitions, where the heart removes it', async ({ page }) => {
  const title = await openNthResult(page, 'daten', 5);
  // A retried run finds the offer liked already; either way it ends up liked.
  const like = page.getByRole('button', { name: `Like ${title}` });
  const unlike = page.getByRole('button', { name: `Unlike ${title}` });
  await expect(like.or(unlike)).toBeVisible();
  if (await like.isVisible()) await like.click();
  await expect(unlike).toHaveAttribute('aria-pressed', 'true');

  // The Assets menu reaches My Acquisitions, which the reference's menu cannot.
  await page.getByRole('button', { name: 'Assets' }).click();
  await page.getByRole('menuitem', { name: 'My Acquisitions' }).click();
  await expect(page).toHaveURL(/\/acquisition$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Acquisitions' })).toBeVisible();
  const liked = page.getByRole('region', { name: 'Liked offers' });
  const entry = liked.getByTestId('offer-card').filter({ has: page.getByRole('link', { name: title }) });
  await expect(entry).toBeVisible();
  await expect(page.getByRole('region', { name: 'Purchased offers' })).toBeVisible();
  await expect(page.getByTestId('offer-list-loading')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await entry.getByRole('button', { name: `Unlike ${title}` }).click();
  await expect(entry).toBeHidden();
});
