import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../fixtures/axe';
import { openResults } from '../../fixtures/pages';

const totalOf = async (page: Page) => {
  const text = (await page.getByTestId('results-heading').textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
};

const chosenKeywords = (page: Page) =>
  (JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}').selectedKeywords ?? []) as string[];

/** The count a facet label shows: 'miscellaneous (1,057)' or, on a German page, 'Sonstiges (1.057)'. */
function countOf(label: string): number {
  const match = /\(([\d.,\s\u202f]+)\)$/.exec(label.trim());
  if (!match) throw new Error(`no count in '${label}'`);
  return Number((match[1] ?? '').replace(/[^\d]/g, ''));
}

test('[SEARCH]: a visitor narrows the results by a keyword of the results, its German and English tags counted as one', async ({
  page,
}) => {
  // The catalogue's 'Others' offers are tagged 'Sonstiges' in German and 'miscellaneous' in English.
  await openResults(page, { topics: 'OTHERS' });
  const facet = page.getByTestId('keyword-facet');
  const entry = facet.locator('label').filter({ hasText: /^miscellaneous \(/ });
  await expect(entry).toBeVisible();
  // One entry for both: no 'Sonstiges' beside it, and no keyword of the whole catalogue without a count.
  await expect(facet.locator('label').filter({ hasText: /^Sonstiges/ })).toHaveCount(0);
  for (const label of await facet.locator('label').allTextContents()) expect(countOf(label)).toBeGreaterThan(0);
  const count = countOf((await entry.textContent()) ?? '');
  const all = await totalOf(page);
  expect(count).toBeLessThanOrEqual(all);
  await expectNoSeriousA11yViolations(page);

  await entry.click();
  await expect.poll(() => chosenKeywords(page).sort()).toEqual(['Sonstiges', 'miscellaneous']);
  await expect(page.locator('[data-testid="result-list"][aria-busy="true"]')).toHaveCount(0);
  // As many results as the entry counted, and the entry ticked with all of them.
  await expect.poll(() => totalOf(page)).toBe(count);
  await expect(facet.getByRole('checkbox', { name: /^miscellaneous \(/ })).toBeChecked();

  // On a German page the same entry is named in German.
  await page.evaluate(() => localStorage.setItem('language', 'de'));
  await page.reload();
  await expect(facet.getByRole('checkbox', { name: /^Sonstiges \(/ })).toBeChecked();
  await expect(facet.locator('label').filter({ hasText: /^miscellaneous/ })).toHaveCount(0);
});
