import path from 'node:path';
import { LANGUAGE_NAMES, LANGUAGES } from '@dsm/contracts/languages';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../fixtures/axe';
import { openHome } from '../../fixtures/pages';
import { appRoutes, findRouteData, waitForPage } from '../../fixtures/routes';

/** When set (for example to docs/screenshots), the route tour also saves a desktop and a phone screenshot of each page. */
const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR;
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };

test('[SHELL]: a visitor switches the language, sees the interface change, and the choice outlives a reload', async ({
  page,
}) => {
  await openHome(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your access to millions of datasets');
  const select = page.getByTestId('language-select');
  // Every language the product speaks, each in its own name.
  await expect(select.locator('option')).toHaveText(LANGUAGES.map((language) => LANGUAGE_NAMES[language]));
  for (const [language, heading, footer] of [
    ['fr', 'Votre accès à des millions de jeux de données', 'Mentions légales'],
    ['de', 'Ihr Zugang zu Millionen von Datensätzen', 'Impressum'],
  ] as const) {
    await select.selectOption(language);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('contentinfo').getByRole('link').first()).toHaveText(footer);
  }
  await select.selectOption('es');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tu acceso a millones de conjuntos de datos');
  await expect(page.getByTestId('language-select')).toHaveValue('es');
});

test('[SHELL]: a keyboard user opens the navbar menus, moves through the items and follows one', async ({ page }) => {
  await openHome(page);
  const assets = page.getByTestId('assets-menu');
  await assets.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(menu).toHaveCSS('width', '192px');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'My watchlist' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'My Acquisitions' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(assets).toBeFocused();

  await page.getByTestId('orders-menu').focus();
  await page.keyboard.press('Enter');
  // Arrow keys move through the items once the dropdown is open.
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'My orders' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/orders$/);
});

test('[SHELL]: an error alert appears at the top left, below the header, is announced, and fades away', async ({
  page,
}) => {
  await openHome(page);
  const words = Array.from({ length: 21 }, (_, i) => `word${i}`).join(' ');
  const input = page.getByRole('textbox', { name: 'Search the catalogue' });
  await input.fill(words);
  await input.press('Enter');
  const alert = page.getByTestId('global-alert');
  await expect(alert).toBeVisible();
  await expect(alert).toHaveAttribute('data-type', 'error');
  await expect(page.locator('[aria-live]').filter({ has: alert })).toHaveCount(1);
  // Top left, as the reference places it, but below the header so that it covers neither the logo nor the menus
  // (docs/reference-deviations.md, 125).
  const box = await alert.boundingBox();
  const header = await page.getByRole('banner').boundingBox();
  expect(box?.x).toBeLessThan(20);
  expect(box?.y).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
  expect(box?.y).toBeLessThan((header?.y ?? 0) + (header?.height ?? 0) + 20);
  // This alert lasts 2000 ms plus the 300 ms fade.
  await expect(alert).toBeHidden({ timeout: 4_000 });
});

test('[SHELL]: the legal pages show the operator, the terms and the privacy policy without sign-in', async ({
  browser,
}) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, locale: 'en-US' });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('language', 'en'));
  await page.goto('/impressum');
  await expect(page.getByRole('heading', { level: 1, name: 'Impressum' })).toBeVisible();
  await expect(page.getByTestId('legal-impressum')).toContainText('VAT identification number');
  await expect(page.getByTestId('legal-demo-note')).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Anmelden' }).or(page.getByRole('button', { name: 'Sign in' })),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Terms' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'General Terms and Conditions' })).toBeVisible();
  await expect(page.getByText('Version of 26/02/2020')).toBeVisible();
  await page.getByRole('link', { name: 'Data protection' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  await page.getByTestId('language-select').selectOption('it');
  await expect(page.getByTestId('legal-fallback-note')).toBeVisible();
  await page.getByTestId('language-select').selectOption('de');
  await expect(page.getByRole('heading', { level: 1, name: 'Datenschutzerklärung' })).toBeVisible();
  await context.close();
});

test('[SHELL]: on a 375 px phone the navbar folds into a burger whose drawer reaches every menu', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await openHome(page);
  await expect(page.getByTestId('assets-menu')).toBeHidden();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const burger = page.getByRole('button', { name: 'Open the menu' });
  await burger.click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  // axe measures contrast mid-fade otherwise.
  await page.waitForTimeout(400);
  await expectNoSeriousA11yViolations(page);
  await drawer.getByRole('link', { name: 'My watchlist' }).click();
  await expect(page).toHaveURL(/\/watchlist$/);
  await expect(drawer).toBeHidden();
  await burger.click();
  // Escape closes an open drawer: pressed while it still opens, the focus has not moved in yet.
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(burger).toBeFocused();
  if (SCREENSHOT_DIR) {
    await burger.click();
    await expect(drawer).toBeVisible();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'navbar-mobile-menu.png') });
  }
});

test('[SHELL]: every route passes axe with no serious violations, signed in', async ({ page }) => {
  test.setTimeout(240_000);
  await openHome(page);
  // The buyer is no operator: the connectors, the console and harvesting turn it away.
  const routes = appRoutes(await findRouteData(page)).filter((route) => !route.isOperatorOnly);
  for (const { name, path: route, ready } of routes) {
    await test.step(route, async () => {
      await page.setViewportSize(DESKTOP);
      await page.goto(route);
      await waitForPage(page, ready);
      await expectNoSeriousA11yViolations(page);
      if (SCREENSHOT_DIR) {
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-desktop.png`) });
        await page.setViewportSize(PHONE);
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-mobile.png`) });
      }
    });
  }
});
