import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../fixtures/axe';
import { openResults } from '../../fixtures/pages';

test("[PUBLISHER]: a buyer goes from a result's publisher to the publisher's page and on to one of its offers", async ({
  page,
}) => {
  await openResults(page, { searchText: 'air' });
  const firstPublisher = page.getByTestId('result-publisher').first().getByRole('link');
  const name = (await firstPublisher.textContent()) ?? '';
  await firstPublisher.click();
  await expect(page).toHaveURL(/\/publisher\/[A-Za-z0-9_-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('publisher-offer-count')).toHaveText(/^(\d+ offers?|More than [\d,]+ offers)$/);
  await expect(page.getByTestId('publisher-location')).not.toBeEmpty();
  const cards = page.getByTestId('result-card');
  await expect(cards.first()).toBeVisible();
  // Every offer listed is the publisher's.
  for (const text of await page.getByTestId('result-publisher').allTextContents())
    expect(text).toBe(`Publisher: ${name}`);
  await expectNoSeriousA11yViolations(page);

  const title = (await cards.first().getByRole('heading').textContent()) ?? '';
  await cards.first().click();
  await expect(page).toHaveURL(/\/offer\/details\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId('offer-publisher').getByRole('link', { name })).toBeVisible();
});

test('[PUBLISHER]: an unknown publisher shows a not-found page with a way back to the search', async ({ page }) => {
  await openResults(page);
  await page.goto('/publisher/aHR0cHM6Ly9ub2JvZHkuZXhhbXBsZS5vcmc');
  await expect(page.getByRole('heading', { level: 1, name: 'Publisher not found' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Search the catalogue' }).click();
  await expect(page).toHaveURL(/\/results/);
});

test("[OFFERS]: the details page downloads the offer's DCAT-AP metadata and lists related offers", async ({ page }) => {
  await openResults(page, { searchText: 'water' });
  await page.getByTestId('result-card').first().click();
  await expect(page).toHaveURL(/\/offer\/details\/([0-9a-f-]{36})$/);
  const id = /\/offer\/details\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
  const metadata = page.getByTestId('offer-metadata');
  await expect(metadata.getByRole('heading', { name: 'Metadata' })).toBeVisible();
  for (const [format, pattern] of [
    ['JSON-LD', /"dcat:Dataset"/],
    ['Turtle', /a dcat:Dataset/],
    ['RDF/XML', /<rdf:RDF/],
  ] as const) {
    const download = page.waitForEvent('download');
    await metadata.getByRole('link', { name: `Download the metadata as ${format}` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^offer-${id}\\.(jsonld|ttl|rdf)$`));
    expect(await readFile((await file.path())!, 'utf8')).toMatch(pattern);
  }
  await expect(metadata.getByTestId('api-call-metadata')).toContainText(`/api/catalog/${id}?format=turtle`);
  const related = page.getByTestId('related-offer');
  await expect(related.first()).toBeVisible();
  expect(await related.count()).toBeLessThanOrEqual(6);
  for (const href of await related.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href'))))
    expect(href).not.toBe(`/offer/details/${id}`);
  await expectNoSeriousA11yViolations(page);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('[OFFERS]: result titles get three lines, and the endpoints are cards with status and actions on screen', async ({
    page,
  }) => {
    await openResults(page, { searchText: 'water' });
    const title = page.getByTestId('result-card').first().getByRole('heading');
    expect(await title.evaluate((element) => getComputedStyle(element).webkitLineClamp)).toBe('3');
    await page.getByTestId('result-card').first().click();
    await expect(page).toHaveURL(/\/offer\/details\//);
    const card = page.getByTestId('endpoint-card').first();
    await expect(card).toBeVisible();
    await expect(page.getByTestId('endpoints-table')).toHaveCount(0);
    // Status and actions sit inside the phone's width: nothing to scroll sideways for.
    for (const part of [card.getByTestId('endpoint-status'), card.getByRole('button', { name: /^Show link: / })]) {
      await part.scrollIntoViewIfNeeded();
      const box = (await part.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page);
  });
});
