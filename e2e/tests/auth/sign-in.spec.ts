import { expect, test } from '@playwright/test';
import { DEMO_USERS, SIGNED_OUT, signInAs, signInAtProvider } from '../../fixtures/auth';
import { expectNoSeriousA11yViolations } from '../../fixtures/axe';

test.use({ storageState: SIGNED_OUT });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', 'en');
  });
});

test('[AUTH]: a signed-out visitor opening a results URL signs in and lands on that same URL', async ({ page }) => {
  const wanted = '/results?searchText=daten%7Cverkehr&pageSize=100';
  await page.goto(wanted);
  await page.waitForURL(/\/idp\/realms\/dsRealm\//);
  // The provider's page speaks the app's language and passes an accessibility check.
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expectNoSeriousA11yViolations(page);
  await signInAtProvider(page, DEMO_USERS.buyer);
  await expect(page).toHaveURL(wanted);
  await expect(page.getByTestId('results-heading')).toBeVisible({ timeout: 25_000 });
  await page.getByTestId('profile-menu').click();
  await expect(page.getByTestId('profile-email')).toHaveText(DEMO_USERS.buyer.email);
});

test('[AUTH]: a wrong password shows one generic message and no page of the app', async ({ page }) => {
  await page.goto('/');
  await signInAtProvider(page, { email: DEMO_USERS.buyer.email, password: 'not-the-password-1' });
  const wrongPassword = (await page.getByRole('alert').textContent()) ?? '';
  await signInAtProvider(page, { email: 'nobody-here@example.com', password: 'not-the-password-1' });
  await expect(page.getByRole('alert')).toHaveText(wrongPassword);
  await expect(page).toHaveURL(/\/idp\//);
});

test('[AUTH]: signing out ends on /login, and the next guarded page asks to sign in again', async ({ page }) => {
  await signInAs(page, 'buyer');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByTestId('profile-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('You have signed out.')).toBeVisible();
  await expect(page.getByTestId('sign-in-button')).toBeVisible();
  await page.goto('/results');
  await page.waitForURL(/\/idp\/realms\/dsRealm\//);
});

test('[AUTH]: a user without the product role is signed out and sent to /login', async ({ page }) => {
  await signInAs(page, 'noRole', '/results');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert')).toContainText('lacks the role DSM_USER');
  // Signed out at the provider too: signing in again asks for credentials.
  await page.getByTestId('login-sign-in').click();
  await page.waitForURL(/\/idp\/realms\/dsRealm\//);
  await expect(page.getByLabel(/e-?mail/i)).toBeVisible();
});

test('[AUTH]: a new user signs up and searches the catalogue', async ({ page }) => {
  const email = `new-${Date.now()}@example.org`;
  await page.goto('/');
  await page.waitForURL(/\/idp\/realms\/dsRealm\//);
  await page.getByRole('link', { name: /sign up|create an account|register/i }).click();
  await page.getByLabel(/^name$/i).fill('Nora Neu');
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/^(password|passwort)$/i).fill('short');
  await page.getByRole('button', { name: /sign up|create|register/i }).click();
  // Said at the field in the page's own words, beside the rule the field states.
  await expect(page.getByText('The password must have at least 10 characters.')).toBeVisible();
  await expect(page.getByLabel(/^(password|passwort)$/i)).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel(/^(password|passwort)$/i).fill('a-good-passphrase-42');
  await page.getByRole('button', { name: /sign up|create|register/i }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search the catalogue' }).fill('daten');
  await page.getByRole('textbox', { name: 'Search the catalogue' }).press('Enter');
  await expect(page.getByTestId('results-heading')).toContainText('datasets found', { timeout: 25_000 });
});
