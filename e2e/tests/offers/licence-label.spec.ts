import type { TOfferTerms } from '@dsm/contracts';
import { expect, type Page, test } from '@playwright/test';
import { readSession } from '../../fixtures/cart';
import { openHome } from '../../fixtures/pages';
import { saveScreenshots } from '../../fixtures/screenshots';

/** The terms of the first paid offers of the catalogue, as the API answers them. */
async function paidOfferTerms(page: Page): Promise<TOfferTerms[]> {
  const { token } = await readSession(page);
  const headers = { authorization: `Bearer ${token}` };
  const response = await page.request.post('/api/search', {
    headers,
    data: { index: 0, pageSize: 100, filter: { minPrice: 1 } },
  });
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: { '@id': string }[] };
  return Promise.all(
    data.map(
      async (offer) =>
        (await (await page.request.get(`/api/offers/${offer['@id']}/terms`, { headers })).json()) as TOfferTerms,
    ),
  );
}

test('[OFFERS]: the terms of use of a paid offer name its licence as the endpoints table does, never as a URI', async ({
  page,
}) => {
  await openHome(page);
  // A paid demo offer whose publisher wrote the licence as a URI, as real portals do.
  const terms = (await paidOfferTerms(page)).find(
    (entry) => entry.licence?.startsWith('http') && entry.licenceLabel && entry.licenceLabel !== 'n/a',
  );
  expect(terms, 'a paid offer with a licence written as a URI').toBeDefined();
  const label = terms!.licenceLabel!;

  await page.goto(`/offer/details/${terms!['@id']}`);
  const licence = page.getByTestId('offer-terms').getByTestId('offer-terms-licence');
  await expect(licence).toHaveText(label);
  await expect(licence).not.toContainText('http');
  // The endpoints table names it the same.
  await expect(
    page.getByTestId('endpoint-row').locator('td:nth-child(3)').filter({ hasText: label }).first(),
  ).toBeVisible();
  await saveScreenshots(page, 'offer-terms-licence', page.getByTestId('offer-terms'));
});
