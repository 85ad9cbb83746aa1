import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../fixtures/axe';
import { openHome, openResults } from '../../fixtures/pages';

const searchInput = (page: import('@playwright/test').Page) => page.getByRole('textbox', { name: /search/i });

test('[SEARCH]: a visitor searches by text and opens a result', async ({ page }) => {
  await openHome(page);
  await searchInput(page).fill('groundwater');
  await searchInput(page).press('Enter');
  await expect(page).toHaveURL(/\/results\?.*searchText=groundwater/);
  await expect(page.getByTestId('results-heading')).toHaveText(/^[\d,]+ datasets found$/);
  const first = page.getByTestId('result-card').first();
  await expect(first).toContainText(/groundwater/i);
  await expect(first).toContainText('Updated');
  await expectNoSeriousA11yViolations(page);
  const href = await first.getAttribute('href');
  expect(href).toMatch(/^\/offer\/details\/[0-9a-f-]{36}$/);
  await first.click();
  await expect(page).toHaveURL(/\/offer\/details\/[0-9a-f-]{36}$/);
});

test('[SEARCH]: terms accumulate as removable tags and a quoted phrase stays one term', async ({ page }) => {
  await openHome(page);
  await searchInput(page).fill('"air quality" Leipzig');
  await searchInput(page).press('Enter');
  await expect(page).toHaveURL(/searchText=/);
  const searchText = new URL(page.url()).searchParams.get('searchText');
  expect(searchText).toBe('"air quality"|Leipzig');
  await page.getByRole('button', { name: 'Remove Leipzig' }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('searchText')).toBe('"air quality"');
});

test('[SEARCH]: more than 20 terms shows the limit alert and does not search', async ({ page }) => {
  await openHome(page);
  const words = Array.from({ length: 21 }, (_, i) => `word${i}`).join(' ');
  await searchInput(page).fill(words);
  await searchInput(page).press('Enter');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Query size exceeded! Max 20 queries or 2000 characters allowed' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

/** The paging above the results; the one below the list repeats its buttons. */
const pagingAbove = (page: Page) => page.getByRole('navigation', { name: 'Pages', exact: true });
const pagingBelow = (page: Page) => page.getByRole('navigation', { name: 'Pages, below the results' });

test('[SEARCH]: a visitor pages through results and changes the page size', async ({ page }) => {
  await openResults(page);
  await expect(page.getByTestId('results-heading')).toHaveText('10,000+ datasets found');
  await expect(pagingAbove(page).getByRole('button', { name: 'First' })).toBeDisabled();
  await expect(pagingAbove(page).getByRole('button', { name: 'Prev' })).toBeDisabled();
  // More than 10,000 match: the page count says so, and a line says why 'Last' is off.
  const last = pagingAbove(page).getByRole('button', { name: 'Last' });
  await expect(last).toBeDisabled();
  await expect(page.getByTestId('page-indicator')).toHaveText('Page 1 of more than 1,000');
  await expect(page.getByTestId('paging-cap-hint')).toContainText('only the first 10,000 can be paged through');
  await expect(last).toHaveAttribute(
    'aria-describedby',
    (await page.getByTestId('paging-cap-hint').getAttribute('id')) ?? '',
  );
  await expect(page.getByTestId('result-card')).toHaveCount(10);
  const firstTitle = await page.getByTestId('result-card').first().textContent();

  await pagingAbove(page).getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('page-indicator')).toHaveText('Page 2 of more than 1,000');
  await expect(page.getByTestId('result-card').first()).not.toHaveText(firstTitle ?? '');
  // The pager below the list leads on as well, and back to the top of the new page.
  await pagingBelow(page).getByRole('button', { name: 'Prev' }).click();
  await expect(page.getByTestId('page-indicator')).toHaveText('Page 1 of more than 1,000');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.getByLabel('Page size').selectOption('100');
  await expect(page.getByTestId('page-indicator')).toHaveText('Page 1 of more than 100');
  await expect(
    page
      .getByRole('listitem')
      .filter({ has: page.getByTestId('result-card') })
      .first(),
  ).toHaveAttribute('aria-setsize', '100');
  await expect.poll(() => new URL(page.url()).searchParams.get('pageSize')).toBe('100');
});

test('[SEARCH]: a page of 1,000 results scrolls to its last card, and Next stops at the result cap', async ({
  page,
}) => {
  await openResults(page, { page: '9', pageSize: '1000' });
  await expect(page.getByTestId('page-indicator')).toHaveText('Page 10 of more than 10');
  await expect(page.locator('[data-testid="result-list"][aria-busy="true"]')).toHaveCount(0);
  const cards = page.getByRole('listitem').filter({ has: page.getByTestId('result-card') });
  await expect(cards.first()).toHaveAttribute('aria-setsize', '1000');
  // Only the cards around the screen are in the page; scrolling to the end brings the 1,000th.
  expect(await page.getByTestId('result-card').count()).toBeLessThan(100);
  await pagingBelow(page).scrollIntoViewIfNeeded();
  await expect(page.locator('li[aria-posinset="1000"]')).toBeInViewport();
  await expect(pagingBelow(page).getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(pagingAbove(page).getByRole('button', { name: 'Next' })).toBeDisabled();
});

test('[SEARCH]: a keyboard user tabs from card to card through a page of 100', async ({ page }) => {
  await openResults(page, { pageSize: '100' });
  await expect(page.locator('[data-testid="result-list"][aria-busy="true"]')).toHaveCount(0);
  await page.getByTestId('result-card').first().focus();
  // Tab walks each card's links in order (the offer, its publisher, any copies); the cards below the first
  // screen are drawn as focus comes near, so it never leaves the list on the way to the 21st card.
  const placeOfFocus = () =>
    page.evaluate(() => Number(document.activeElement?.closest('li[aria-posinset]')?.getAttribute('aria-posinset')));
  let place = await placeOfFocus();
  expect(place).toBe(1);
  for (let press = 0; press < 200 && place < 21; press++) {
    await page.keyboard.press('Tab');
    place = await placeOfFocus();
    expect(place, 'focus stays on the cards').toBeGreaterThan(0);
  }
  expect(place).toBe(21);
  await expect(page.locator(':focus')).toBeInViewport();
});

test('[SEARCH]: a shared results URL shows the same results after a reload', async ({ page }) => {
  const filter = JSON.stringify({
    selectedCategories: ['ENVIRONMENT'],
    selectedKeywords: [],
    priceRange: { from: null, to: null },
  });
  await openResults(page, { searchText: 'daten', filter, page: '1' });
  await expect(page.getByTestId('page-indicator')).toHaveText(/^Page 2 of (more than )?[\d,]+$/);
  const heading = await page.getByTestId('results-heading').textContent();
  const titles = await page.getByTestId('result-card').allTextContents();
  expect(titles.length).toBeGreaterThan(0);
  await page.reload();
  await expect(page.getByTestId('results-heading')).toHaveText(heading ?? '');
  await expect(page.getByTestId('result-card')).toHaveText(titles);
});

test('[SEARCH]: a broken results URL falls back with a message instead of a blank page', async ({ page }) => {
  await openResults(page, { filter: '{not json', pageSize: 'many' });
  await expect(page.getByTestId('result-card').first()).toBeVisible();
  await expect(page.getByRole('alert').first()).toBeVisible();
});

test('[SEARCH]: on a phone the filters fold behind a button, so the first results are on the first screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/results?searchText=daten&topics=TRANSPORT');
  await expect(page.getByTestId('results-heading')).toHaveText(/datasets found$/);
  await expect(page.getByTestId('filter-panel')).toHaveCount(0);
  await expect(page.getByTestId('result-card').first()).toBeInViewport();
  const toggle = page.getByTestId('filter-toggle');
  // One filter is on: the category of the topic.
  await expect(toggle).toHaveText('Show filters1');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  // Among the categories: the keyword facet lists the keyword 'transport' of the results as well.
  await expect(page.getByTestId('category-list').getByRole('checkbox', { name: /^Transport\b/ })).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  if (process.env.SCREENSHOT_DIR) {
    await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, 'results-mobile-filters.png') });
  }
  await page.getByTestId('price-from').fill('1');
  await expect(page).toHaveURL(/minPrice|priceRange/);
  // The panel stays open while the filters change.
  await expect(page.getByTestId('filter-panel')).toBeVisible();
});
