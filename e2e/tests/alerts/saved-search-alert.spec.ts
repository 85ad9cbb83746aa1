import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../fixtures/axe';
import { readSession } from '../../fixtures/cart';
import { publishAsSupplier } from '../../fixtures/offers';
import { openResults } from '../../fixtures/pages';

test('[ALERTS]: a buyer saves a search, the supplier publishes a matching offer, and the bell leads to it', async ({
  page,
  browser,
}) => {
  // The journey waits for the alert job, which runs every few seconds beside the other journeys.
  test.setTimeout(180_000);
  // A word no offer has yet, so the saved search matches only the offer this journey publishes.
  const word = `quokka${Date.now().toString(36)}`;
  await openResults(page, { searchText: word });
  await expect(page.getByTestId('results-heading')).toBeVisible();

  await page.getByTestId('save-search').click();
  const dialog = page.getByRole('dialog', { name: 'Save this search' });
  await expect(dialog.getByLabel('Name')).toHaveValue(word);
  await dialog.getByLabel('Name').fill(`Alert ${word}`);
  await expect(dialog.getByRole('switch', { name: /^Alert me about new matching offers/ })).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('global-alert')).toHaveText(`Saved search "Alert ${word}"`);

  // Earlier alerts of the shared demo buyer are read, so the bell counts this journey's alone.
  const buyer = await readSession(page);
  const cleared = await page.request.post('/api/notifications/read-all', {
    headers: { authorization: `Bearer ${buyer.token}` },
  });
  expect(cleared.ok()).toBe(true);

  // The supplier publishes a matching offer through the API.
  const title = `River gauges ${word}`;
  const offerId = await publishAsSupplier(browser, title, {
    pricingOption: 'FREE',
    generalInfo: { description: `Water levels, ${word}.`, keywords: 'water' },
    endpoints: [{ endpointTitle: 'Readings', accessUrl: `https://data.example.org/${word}.csv` }],
    licensingInfo: { paymentType: 'FREE_OF_CHARGE', price: 0 },
  });

  // The alert job runs every few seconds in the journeys' server; the bell asks again on each page load.
  const bell = page.getByRole('button', { name: /^Notifications, 1 unread$/ });
  await expect(async () => {
    await page.reload();
    await expect(bell).toBeVisible({ timeout: 15_000 });
  }).toPass({ timeout: 80_000 });
  await expect(page.getByTestId('notification-count')).toContainText('1');

  await bell.focus();
  await page.keyboard.press('Enter');
  const list = page.getByRole('dialog', { name: 'Notifications' });
  const item = list.getByRole('link', { name: new RegExp(`New offer for "Alert ${word}": ${title}`) });
  await expect(item).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/offer/details/${offerId}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notifications, 0 unread' })).toBeVisible();

  // The saved search is listed in the profile menu's page.
  await page.getByTestId('profile-menu').click();
  await page.getByRole('menuitem', { name: 'Saved searches' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Saved searches' })).toBeVisible();
  await expect(page.getByTestId('saved-search-name').filter({ hasText: `Alert ${word}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
