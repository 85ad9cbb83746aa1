import { expect, test } from '@playwright/test';
import { DEMO_USERS, SIGNED_OUT, signInAtProvider } from '../../fixtures/auth';
import { watchCspViolations } from '../../fixtures/csp';

test.use({ storageState: SIGNED_OUT });

test('[SECURITY]: signing in, searching, opening an offer and signing out trip no Content-Security-Policy refusal', async ({
  page,
}) => {
  const violations = await watchCspViolations(page);
  await page.addInitScript(() => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', 'en');
  });

  // The provider's sign-in page, its form post and the redirects back to the app.
  await page.goto('/results?searchText=daten');
  await page.waitForURL(/\/idp\/realms\/dsRealm\//);
  await signInAtProvider(page, DEMO_USERS.buyer);
  await expect(page.getByTestId('results-heading')).toBeVisible({ timeout: 25_000 });

  // A fresh load runs the silent check-sso frame and Mantine's run-time styles.
  await page.reload();
  await expect(page.getByTestId('results-heading')).toBeVisible({ timeout: 25_000 });
  await page.getByTestId('result-card').first().click();
  await expect(page).toHaveURL(/\/offer\/details\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('offer-description')).not.toBeEmpty();

  // The provider's logout page submits its form with a nonce'd inline script.
  await page.getByTestId('profile-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('sign-in-button')).toBeVisible();

  expect(violations).toEqual([]);
});
