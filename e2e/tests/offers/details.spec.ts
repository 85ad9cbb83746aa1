import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../fixtures/axe';
import { openResults } from '../../fixtures/pages';

type TItem = { '@id': string; endpointChecks: { status: string }[] };

/** Opens the n-th result of a search and answers the first metadata answer the details page got. */
async function openResult(page: Page, searchText: string, position: number): Promise<TItem> {
  await openResults(page, { searchText });
  const card = page.getByTestId('result-card').nth(position);
  const title = (await card.getByRole('heading').textContent()) ?? '';
  const firstAnswer = page.waitForResponse(
    (response) => /\/api\/metadata\/[0-9a-f-]{36}$/.test(response.url()) && response.request().method() === 'GET',
  );
  await card.click();
  await expect(page).toHaveURL(/\/offer\/details\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  return (await (await firstAnswer).json()) as TItem;
}

test('[OFFERS]: a buyer opens an offer from the results and sees its details, endpoints and Details panel', async ({
  page,
}) => {
  await openResult(page, 'air', 1);
  await expect(page.getByTestId('offer-description')).not.toBeEmpty();
  await expect(page.getByText('Data formats:')).toBeVisible();
  await expect(page.getByText('Categories:')).toBeVisible();
  await expect(page.getByTestId('offer-created')).toHaveText(/^(\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}|N\/A)$/);
  await expect(page.getByTestId('offer-updated')).toHaveText(/^(\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}|N\/A)$/);
  await expect(page.getByTestId('offer-likes')).toHaveText(/^\d+ likes?$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Endpoints' })).toBeVisible();
  await expect(page.getByTestId('endpoint-row').first()).toBeVisible();
  const panel = page.getByTestId('details-panel');
  await expect(panel.getByRole('heading', { name: 'Details' })).toBeVisible();
  await expect(panel.getByTestId('details-provider')).not.toBeEmpty();
  await expect(panel.getByTestId('details-price')).toHaveText(/^(Free|[\d.,]+ €.*)$/);
  await expectNoSeriousA11yViolations(page);

  // 'Show link' opens the access-link modal; Escape closes it and focus returns to the page.
  const showLink = page.getByRole('button', { name: /^Show link: / }).first();
  await showLink.click();
  const dialog = page.getByRole('dialog', { name: 'Access link' });
  await expect(dialog).toBeVisible();
  await expect(
    dialog
      .getByTestId('access-link')
      .or(dialog.getByTestId('access-link-missing'))
      .or(dialog.getByTestId('access-link-restricted')),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(showLink).toBeFocused();
  // And it opens again.
  await showLink.press('Enter');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/results\?/);
});

test('[OFFERS]: the endpoint status turns from Pending to Online or Offline as the server checks the links', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const first = await openResult(page, 'water', 2);
  // Nobody opened this offer before, so the server had never checked its links.
  expect(first.endpointChecks.some((check) => check.status === 'pending')).toBe(true);
  const statuses = page.getByTestId('endpoint-status');
  await expect(statuses.first()).toHaveText(/^(Pending\.\.\.|Online.*|Offline)$/);
  // The demo catalogue's links point at the product's own demo files and end Online; either way no
  // status stays pending.
  await expect(page.getByText('Pending...')).toHaveCount(0, { timeout: 60_000 });
  const texts = await statuses.allTextContents();
  expect(texts.length).toBeGreaterThan(0);
  for (const text of texts) expect(text).toMatch(/^(Online( [\d.]+ [KMGTPEZY]?B)?|Offline)$/);
  await expect(page.getByTestId('endpoint-checked-at').first()).toHaveText(/^Checked \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
});

test('[OFFERS]: an unknown offer shows a not-found page with a way home', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'en'));
  await page.goto('/offer/details/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Offer not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("[OFFERS]: 'Working endpoints only' narrows the results to offers whose links answered", async ({ page }) => {
  await openResults(page);
  const workingOnly = page.getByRole('checkbox', { name: 'Working endpoints only' });
  // The box reflects the URL, which changes a moment after the click; check() would look too early.
  await workingOnly.click();
  await expect(workingOnly).toBeChecked();
  await expect.poll(() => new URL(page.url()).searchParams.get('filter') ?? '').toContain('"hasWorkingEndpoint":true');
  await expect(page.getByTestId('results-heading')).toHaveText(/^[\d,]+\+? datasets found$/);
  // Only the first demo offers and those someone opened are checked, so far fewer than the whole
  // catalogue qualify. The heading shows the previous count until the filtered search answers, hence the poll.
  const total = async () =>
    Number(((await page.getByTestId('results-heading').textContent()) ?? '').replace(/\D/g, ''));
  await expect.poll(total).toBeLessThan(1000);
});
