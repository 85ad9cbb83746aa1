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
  const keywords = page.getByTestId('keyword-facet');
  const first = keywords.getByRole('checkbox').first();
  await expect(first).toBeVisible();
  // The label reads 'air (12)': the keyword, then how many matching offers carry it.
  const label = (await keywords.locator('label').first().textContent()) ?? '';
  const keyword = label.replace(/\s*\(~?[\d.,\s\u202f]+\)\s*$/, '').trim();
  expect(keyword.length).toBeGreaterThan(0);
  await first.click();
  const chosen = () => JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}').selectedKeywords ?? [];
  await expect.poll(() => chosen().length).toBeGreaterThan(0);
  await expect(page.getByTestId('results-heading')).toHaveText(/datasets found/);
  await expect(keywords.getByRole('checkbox', { name: new RegExp(`^${escapeRegExp(keyword)} \\(`) })).toBeChecked();
  await page.getByRole('checkbox', { name: /^Transport/ }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('filter') ?? '').toContain('TRANSPORT');
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test('[SEARCH]: a price from above the price to is explained and not searched', async ({ page }) => {
  await openResults(page);
  await page.getByLabel('Price from').fill('50');
  await page.getByLabel('Price to').fill('10');
  await expect(page.getByText(/must not be (above|higher)/i)).toBeVisible();
});
