import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../fixtures/axe';
import { openHome, openResults } from '../../fixtures/pages';

/** Picks an option of a Mantine select by its label. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  const select = page.getByRole('combobox', { name: label });
  await expect(select).toBeEnabled({ timeout: 15_000 });
  await select.click();
  await page.getByRole('option', { name: option }).click();
}

test('[CONNECTORS]: an operator uploads an offer of the provider sandbox and finds it in search', async ({ page }) => {
  await openHome(page);
  await page.goto('/test');
  await expect(page.getByRole('heading', { level: 1, name: 'Connector test page' })).toBeVisible();

  await choose(page, 'Choose Connector', 'Provider sandbox');
  await choose(page, 'Choose Offer to Upload', 'Weather station readings 2024 (open-weather-data)');

  const details = page.getByRole('region', { name: 'Offer details' });
  await expect(details.getByTestId('offer-id')).toHaveText('open-weather-data');
  await expect(details.getByTestId('offer-name')).toHaveText('Weather station readings 2024');
  await expect(details.getByTestId('offer-policy')).toHaveCount(2);
  await expect(details.getByTestId('offer-policy').first()).toContainText('open-use');
  await expect(details.getByTestId('offer-policy').first()).toContainText('Permits use.');
  await expect(details.getByTestId('offer-asset')).toContainText('HttpData');
  await expect(details.getByTestId('offer-asset')).toContainText('https://data.example.org/weather/stations-2024.csv');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByTestId('global-alert')).toHaveText(
    'Offer “Weather station readings 2024” uploaded: search for it by its title to find it.',
  );
  await page.getByRole('link', { name: 'Find it in search' }).click();
  await expect(page).toHaveURL(/\/results\?searchText=/);
  await expect(page.getByTestId('result-card').filter({ hasText: 'Weather station readings 2024' })).toHaveCount(1);

  // The same search typed by hand finds it too.
  await openResults(page, { searchText: 'Weather station readings 2024' });
  await expect(page.getByTestId('result-card').filter({ hasText: 'Weather station readings 2024' })).not.toHaveCount(0);
});

test('[CONNECTORS]: a stale link to an unknown connector says so on the page', async ({ page }) => {
  await openHome(page);
  await page.goto('/test?connector=retired&offer=x');
  await expect(page.getByTestId('test-page-not-found')).toHaveText(
    'The connector “retired” is not in the list of connectors. Choose another one.',
  );
  await expect(page.getByRole('button', { name: 'Upload' })).toBeDisabled();
});
