import { expect, test } from '@playwright/test';
import { openResults } from '../../fixtures/pages';

const totalOf = async (page: import('@playwright/test').Page) => {
  const text = (await page.getByTestId('results-heading').textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
};

test('[SEARCH]: a visitor narrows results by price and clears the filters', async ({ page }) => {
  await openResults(page, { searchText: 'daten' });
  const before = await totalOf(page);
  await page.getByLabel('Price from').fill('100');
  await page.getByLabel('Price to').fill('150.5');
  // Each field searches on its own: the lower bound alone may be in the URL for a moment.
  const priceRange = () =>
    (JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}') as { priceRange?: unknown }).priceRange;
  await expect.poll(priceRange).toEqual({ from: 100, to: 150.5 });
  await expect.poll(() => totalOf(page)).toBeLessThan(before);
  await expect(page.locator('[data-testid="result-list"][aria-busy="true"]')).toHaveCount(0);
  for (const label of await page.getByTestId('payment-label').allTextContents()) {
    const price = Number.parseFloat(label);
    expect(price).toBeGreaterThanOrEqual(100);
    expect(price).toBeLessThanOrEqual(150.5);
  }

  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByLabel('Price from')).toHaveValue('');
  await expect.poll(() => new URL(page.url()).searchParams.get('searchText')).toBeNull();
});

test('[SEARCH]: a visitor picks a keyword and a category', async ({ page }) => {
  await openResults(page);
  const keywordInput = page.getByRole('combobox', { name: 'Keywords' });
  await keywordInput.click();
  const option = page.getByRole('listbox', { name: 'Keywords' }).getByRole('option').first();
  // The option reads 'air (12)': the keyword, then how many matching offers carry it.
  const keyword = ((await option.textContent()) ?? '').replace(/\s*\(~?[\d.,\s\u202f]+\)\s*$/, '').trim();
  expect(keyword.length).toBeGreaterThan(0);
  await option.click();
  await expect.poll(() => new URL(page.url()).searchParams.get('filter') ?? '').toContain(JSON.stringify(keyword));
  await expect(page.getByTestId('results-heading')).toHaveText(/datasets found/);
  await expect(page.getByText(keyword, { exact: true }).first()).toBeVisible();
  await keywordInput.fill(keyword);
  const escaped = keyword.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(
    page.getByRole('listbox', { name: 'Keywords' }).getByRole('option', { name: new RegExp(`^${escaped}( \\(|$)`) }),
  ).toHaveCount(0);
});

test('[SEARCH]: a price from above the price to is explained and not searched', async ({ page }) => {
  await openResults(page);
  await page.getByLabel('Price from').fill('50');
  await page.getByLabel('Price to').fill('10');
  await expect(page.getByText(/must not be (above|higher)/i)).toBeVisible();
});
