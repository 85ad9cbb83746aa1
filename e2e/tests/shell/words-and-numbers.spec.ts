import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { SIGNED_OUT, signInAs } from '../../fixtures/auth';
import { input, pick, pickFormat } from '../../fixtures/wizard';

/** Where the documentation's screenshots go when asked for (`SCREENSHOT_DIR=docs/screenshots`). */
const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR;

/** Saves `{name}-1440.png` and `{name}-390.png` with `focus` in view, then gives the page its size back. */
async function screenshots(page: Page, name: string, focus: Locator): Promise<void> {
  if (!SCREENSHOT_DIR) return;
  const size = page.viewportSize();
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
    await focus.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${width}.png`), animations: 'disabled' });
  }
  if (size) await page.setViewportSize(size);
}

async function inGerman(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('language', 'de'));
}

test('[WORDS]: a German results page writes sizes and prices with a decimal comma, and the footer says this year', async ({
  page,
}) => {
  await inGerman(page);
  await page.goto('/results?searchText=daten');
  await expect(page.getByTestId('results-heading')).toContainText('Datensätze gefunden', { timeout: 50_000 });
  // The count of the heading stays in en-US format, as the reference fixes it.
  await expect(page.getByTestId('results-heading')).toHaveText(/^(Mehr als )?[\d,]+ Datensätze gefunden$/);

  const sizes = await page.getByTestId('offer-size').allInnerTexts();
  const known = sizes.filter((size) => /\d/.test(size));
  expect(known.length).toBeGreaterThan(0);
  for (const size of known) expect(size).toMatch(/^\d+,\d\d (B|KB|MB|GB|TB)$/);
  const prices = (await page.getByTestId('payment-label').allInnerTexts()).filter((label) => label.includes('€'));
  expect(prices.length).toBeGreaterThan(0);
  for (const price of prices) expect(price).toMatch(/^\d+,\d\d €/);

  const card = page.getByTestId('result-card').filter({ has: page.getByTestId('offer-size').getByText(/,/) });
  await screenshots(page, 'words-german-results-size-and-price', card.first());

  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(`© ${new Date().getFullYear()} data marketplace`);
  await screenshots(page, 'words-footer-year', footer);
});

test.describe('the offer wizard', () => {
  test.use({ storageState: SIGNED_OUT });

  test('[WORDS]: in German, the wizard keeps its step over a reload, lists data formats by label, previews labels, and its error message leaves the header free', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await inGerman(page);
    await signInAs(page, 'supplier', '/offer/create/pre');
    await page.getByTestId('pricing-FREE').click();
    await page.getByTestId('content-DATA').click();
    await page.getByTestId('access-DIRECT').click();

    // Next on an empty step 1: the error message sits below the header, off the logo and the menus.
    await page.getByTestId('wizard-next').click();
    const alert = page.getByTestId('global-alert');
    await expect(alert).toHaveAttribute('data-type', 'error');
    const header = await page.getByRole('banner').boundingBox();
    const message = await alert.boundingBox();
    expect(header && message && message.y >= header.y + header.height).toBe(true);
    await screenshots(page, 'words-wizard-error-below-header', page.getByRole('banner'));

    await input(page, 'Titel').fill('Pegelstände am Rhein');
    await input(page, 'Beschreibung').fill('Tägliche Wasserstände aller Pegel.');
    await pick(page, 'Kategorien', 'Verkehr');
    await page.keyboard.press('Escape');
    await page.getByTestId('wizard-skip').click();

    // The format list: data formats only, one style of label.
    await input(page, 'Format').click();
    const options = await page.getByRole('option').allInnerTexts();
    expect(options).toContain('CSV (comma-separated values)');
    expect(options).toContain('XLSX (Excel)');
    for (const notData of ['css', 'javascript', 'x-www-form-urlencoded', 'csv']) expect(options).not.toContain(notData);
    await page.keyboard.press('Escape');
    await pickFormat(page, 'csv');
    await input(page, 'Titel des Endpunkts').fill('Pegel 2026');
    await input(page, 'Dateigröße').fill('1,5');
    await pick(page, 'Größeneinheit', 'MB');
    await page.getByTestId('wizard-skip').click();
    await page.getByTestId('wizard-skip').click();
    await expect(page.getByTestId('wizard-step-title')).toHaveText('Schritt 4: Vorschau');

    // A reload returns to the preview, with the fields kept.
    await page.reload();
    await expect(page.getByTestId('wizard-step-title')).toHaveText('Schritt 4: Vorschau');
    await expect(page.getByTestId('preview-title')).toHaveText('Pegelstände am Rhein');

    // Labels, not codes: 'Verkehr' as written (Mantine's badge would print it in capitals), the format's
    // label, the size with a decimal comma and the restrictions in words.
    expect(
      await page.getByText('Verkehr', { exact: true }).evaluate((element) => (element as HTMLElement).innerText),
    ).toBe('Verkehr');
    await expect(page.getByRole('cell', { name: 'CSV (comma-separated values)' })).toBeVisible();
    await expect(page.getByRole('cell', { name: '1,5 MB' })).toBeVisible();
    await expect(page.getByText('Keine Einschränkung')).toHaveCount(2);
    await expect(page.getByText('none', { exact: true })).toHaveCount(0);
    await screenshots(page, 'words-wizard-preview-de', page.getByText('Verkehr', { exact: true }));
  });
});
