import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { openHome } from '../../fixtures/pages';

/** The narrowest common phone: the correction line and the sort must fit without sideways scrolling. */
const PHONE = { width: 390, height: 844 };

const searchInput = (page: Page) => page.getByRole('textbox', { name: /search/i });
const urlParam = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

async function expectNoSidewaysScrolling(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('[SEARCH]: a misspelled word is corrected, the user sorts, then searches the word as typed', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await openHome(page);
  // 'groundwater' is in many demo titles; one letter is missing.
  await searchInput(page).fill('groundwatr');
  await searchInput(page).press('Enter');
  await expect(page).toHaveURL(/searchText=groundwatr/);
  const correction = page.getByTestId('search-correction');
  await expect(correction.getByTestId('search-corrected-to')).toHaveText(/^Showing results for .*groundwater/);
  await expect(correction.locator('strong')).toContainText(['groundwater']);
  await expect(page.getByTestId('result-card').first()).toContainText(/groundwater/i);
  await expect(correction).toBeInViewport();
  await expectNoSidewaysScrolling(page);
  if (process.env.SCREENSHOT_DIR) {
    await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, 'results-corrected-mobile.png') });
  }

  // On a phone the select replaces its stand-in once the page has settled.
  const sort = page.getByRole('combobox', { name: 'Sort by' });
  await expect(sort).toHaveValue('Relevance');
  await expect(sort).toBeInViewport();
  const sortedSearch = page.waitForRequest(
    (request) => new URL(request.url()).pathname === '/api/search' && request.postDataJSON()?.sort === 'title',
  );
  await sort.click();
  await page.getByRole('option', { name: 'Title A–Z' }).click();
  await sortedSearch;
  await expect.poll(() => urlParam(page, 'sort')).toBe('title');
  await expect(sort).toHaveValue('Title A–Z');
  await expect(correction).toBeVisible();

  await correction.getByRole('link', { name: 'Search instead for groundwatr' }).click();
  await expect.poll(() => urlParam(page, 'exact')).toBe('1');
  expect(urlParam(page, 'sort')).toBe('title');
  await expect(page.getByTestId('results-heading')).toBeVisible();
  await expect(correction).toHaveCount(0);

  // A reload (or the link shared) keeps the words as typed and the order.
  await page.reload();
  await expect(page.getByTestId('results-heading')).toBeVisible();
  expect(urlParam(page, 'exact')).toBe('1');
  await expect(page.getByTestId('search-correction')).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('Title A–Z');
  await expectNoSidewaysScrolling(page);

  // A new search from the bar corrects again.
  await searchInput(page).fill('monitoring');
  await searchInput(page).press('Enter');
  await expect.poll(() => urlParam(page, 'searchText')).toBe('groundwatr|monitoring');
  expect(urlParam(page, 'exact')).toBeNull();
});
