import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../fixtures/axe';
import { readSession } from '../../fixtures/cart';
import { openResults } from '../../fixtures/pages';

test("[OFFERS]: with 'Working endpoints only' the demo offers show, and an offer's endpoints are Online with their sizes", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await openResults(page);
  const workingOnly = page.getByRole('checkbox', { name: 'Working endpoints only' });
  await workingOnly.click();
  await expect(workingOnly).toBeChecked();
  // The first demo offers are checked right after the start; the results fill as the checks finish.
  const total = async () => {
    await page.reload();
    await expect(page.getByTestId('results-heading')).toBeVisible({ timeout: 50_000 });
    return Number(((await page.getByTestId('results-heading').textContent()) ?? '').replace(/\D/g, ''));
  };
  await expect.poll(total, { timeout: 60_000, intervals: [1_000, 2_000, 5_000] }).toBeGreaterThan(0);

  // Other journeys publish offers at the product's own address too: open a seeded demo offer.
  const { token } = await readSession(page);
  const found = await page.request.post('/api/search', {
    headers: { authorization: `Bearer ${token}` },
    data: { index: 0, pageSize: 100, filter: { hasWorkingEndpoint: true } },
  });
  expect(found.ok()).toBe(true);
  const { data } = (await found.json()) as {
    data: {
      '@id': string;
      title: string;
      datasets: { 'dcat:distribution': { 'dcat:accessURL': string | null }[] }[];
    }[];
  };
  const demo = data.find((offer) =>
    offer.datasets.every((dataset) =>
      dataset['dcat:distribution'].every((distribution) =>
        (distribution['dcat:accessURL'] ?? '').startsWith(`${baseURL}/demo-data/`),
      ),
    ),
  );
  expect(demo, 'a working demo offer').toBeDefined();
  await page.goto(`/offer/details/${demo!['@id']}`);
  await expect(page.getByRole('heading', { level: 1, name: demo!.title })).toBeVisible();
  const statuses = page.getByTestId('endpoint-status');
  await expect(statuses.first()).toHaveText(/^Online [\d.]+ (B|KB|MB)$/);
  for (const text of await statuses.allTextContents()) expect(text).toMatch(/^Online [\d.]+ (B|KB|MB)$/);
  await expectNoSeriousA11yViolations(page);

  // The access link (shown unless the offer is paid and not bought) is the product's own demo file, and it downloads.
  await page
    .getByRole('button', { name: /^Show link: / })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Access link' });
  const link = dialog.getByTestId('access-link');
  await expect(link.or(dialog.getByTestId('access-link-restricted'))).toBeVisible();
  if (await link.isVisible()) {
    const href = (await link.getAttribute('href')) ?? '';
    expect(href.startsWith(`${baseURL}/demo-data/`)).toBe(true);
    const download = await page.request.get(href);
    expect(download.status()).toBe(200);
    expect(Number(download.headers()['content-length'])).toBeGreaterThan(10_000);
  }
  await page.keyboard.press('Escape');
});
