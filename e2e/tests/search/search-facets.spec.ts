import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../fixtures/axe';
import { openHome, openResults } from '../../fixtures/pages';

const totalOf = async (page: Page) => {
  const text = (await page.getByTestId('results-heading').textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
};

const filterParam = (page: Page) =>
  JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}') as Record<string, unknown>;

/** The count a facet label shows, 'CSV (1,204)' or 'CSV (~1,204)'. */
function countOf(label: string): { count: number; isEstimated: boolean } {
  const match = /\((~?)([\d,]+)\)$/.exec(label.trim());
  if (!match) throw new Error(`no count in '${label}'`);
  return { count: Number((match[2] ?? '').replaceAll(',', '')), isEstimated: match[1] === '~' };
}

test('[SEARCH]: a visitor narrows the results by a format and finds as many as its count said', async ({ page }) => {
  await openResults(page, { searchText: 'daten' });
  const format = page.getByTestId('format-facet').getByRole('checkbox').first();
  await expect(format).toBeVisible();
  const label = (await page.getByTestId('format-facet').locator('label').first().textContent()) ?? '';
  const { count, isEstimated } = countOf(label);
  // Found by its value: once it filters, the counts and so the order of the values change.
  const value = (await format.getAttribute('value')) ?? '';
  const chosen = page.getByTestId('format-facet').locator(`input[type="checkbox"][value="${value}"]`);
  await chosen.click();
  await expect.poll(() => (filterParam(page).selectedFormats as unknown[] | undefined)?.length).toBe(1);
  await expect(page.locator('[data-testid="result-list"][aria-busy="true"]')).toHaveCount(0);
  // An estimated count is the share among the newest 10,000 matches, not the number found.
  if (!isEstimated) await expect.poll(() => totalOf(page)).toBe(count);
  await expect(chosen).toBeChecked();
});

test('[SEARCH]: a modification range with its start after its end is explained and not searched', async ({ page }) => {
  await openResults(page);
  await page.getByLabel('Modified from').fill('2024-05-02');
  await page.getByLabel('Modified to').fill('2024-05-01');
  await expect(page.getByText("'Modified from' must not be after 'Modified to'.")).toBeVisible();
  await page.waitForTimeout(800);
  // The start alone may have been searched while the end was typed; the wrong range never is.
  expect(filterParam(page).modifiedRange).not.toEqual({ from: '2024-05-02', to: '2024-05-01' });
  await page.getByLabel('Modified to').fill('2024-12-31');
  await expect.poll(() => filterParam(page).modifiedRange).toEqual({ from: '2024-05-02', to: '2024-12-31' });
});

test('[SEARCH]: a visitor picks a suggestion with the keyboard and searches it', async ({ page }) => {
  await openHome(page);
  const input = page.getByRole('textbox', { name: 'Search the catalogue' });
  await input.fill('da');
  const list = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(list.getByRole('option').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await input.press('ArrowDown');
  const picked = list.getByRole('option', { selected: true });
  const text = ((await picked.locator('bdi').textContent()) ?? '').trim();
  await input.press('Enter');
  await expect(page).toHaveURL(/\/results\?/);
  const searched = new URL(page.url()).searchParams.get('searchText') ?? '';
  expect(searched.replaceAll('"', '')).toBe(text);
});

test('[SEARCH]: on a phone the filter panel with its facets fits the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openResults(page, { searchText: 'daten' });
  // By keyboard: a pointer left on the button keeps its hover colour, which axe rightly finds too faint.
  await page.getByTestId('filter-toggle').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('filter-panel')).toBeVisible();
  await expect(page.getByLabel('Modified from')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const panel = await page.getByTestId('filter-panel').boundingBox();
  expect((panel?.x ?? 0) + (panel?.width ?? 0)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page);
  if (process.env.SCREENSHOT_DIR) {
    await page
      .getByTestId('filter-panel')
      .screenshot({ path: path.join(process.env.SCREENSHOT_DIR, 'facets-phone.png') });
  }
});
