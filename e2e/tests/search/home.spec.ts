import { readFile } from 'node:fs/promises';
import { type Cookie, expect, test } from '@playwright/test';
import { BUYER_STATE, SIGNED_OUT } from '../../fixtures/auth';
import { expectNoSeriousA11yViolations } from '../../fixtures/axe';
import { openHome } from '../../fixtures/pages';

test('[SEARCH]: a visitor sees the home page with the 14 topic cards in order', async ({ page }) => {
  await openHome(page);
  await expect(page.getByRole('heading', { name: 'Your access to millions of datasets' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Browse categories' })).toBeVisible();
  const cards = page.getByTestId('topic-card');
  await expect(cards).toHaveCount(14);
  await expect(cards.first()).toHaveText(/Complete catalog/i);
  await expect(cards.nth(2)).toHaveText(/^Law$/);
  await expect(cards.nth(8)).toHaveText(/Agriculture, forestry and fisheries/);
  await expect(cards.nth(13)).toHaveText(/Geography/);
  await expectNoSeriousA11yViolations(page);
});

test('[SEARCH]: a topic card lists the offers of that category', async ({ page }) => {
  await openHome(page);
  await page
    .getByTestId('topic-card')
    .filter({ hasText: /^Transport$/ })
    .click();
  await expect(page).toHaveURL(/\/results\?/);
  const filter = JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}') as {
    selectedCategories?: string[];
  };
  expect(filter.selectedCategories).toEqual(['TRANSPORT']);
  await expect(page.getByTestId('results-heading')).toHaveText(/[\d,]+\+? datasets found/);
  await expect(page.getByTestId('result-card').first()).toBeVisible();
});

test('[SEARCH]: Complete Catalog searches everything', async ({ page }) => {
  await openHome(page);
  await page.getByTestId('topic-card').first().click();
  await expect(page).toHaveURL(/\/results/);
  await expect(page.getByTestId('results-heading')).toHaveText('10,000+ datasets found');
});

test.describe('a browser with no language chosen', () => {
  test.use({ storageState: SIGNED_OUT });

  test('[SEARCH]: the home page works in German, the default language', async ({ page }) => {
    // The provider's sign-in cookie is kept, the app's storage (language, sign-in record) is not:
    // the app signs in silently, with no reload that the hidden sign-in frame could abort.
    const { cookies } = JSON.parse(await readFile(BUYER_STATE, 'utf8')) as { cookies: Cookie[] };
    await page.context().addCookies(cookies);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ihr Zugang zu Millionen von Datensätzen');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });
});
