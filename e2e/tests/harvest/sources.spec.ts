import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { SIGNED_OUT, signInAs } from '../../fixtures/auth';
import { expectNoSeriousA11yViolations } from '../../fixtures/axe';

test.use({ storageState: SIGNED_OUT });

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The data.cdc.gov catalogue (DCAT-US, 1,359 datasets), read by the server from its own disk. */
const CDC_CATALOGUE = path.resolve(root, '..', 'shared', 'fixtures', 'catalog', 'cdc.gov.data.json.gz');

const PHONE = { width: 375, height: 740 };
/** Where the page's screenshots go when asked for (docs/screenshots). */
const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR;

function sourceRow(page: Page, name: string) {
  return page.getByTestId('harvest-source').filter({ has: page.getByRole('cell', { name, exact: true }) });
}

test('[HARVEST]: an operator adds a catalogue file as a source, harvests it and removes it', async ({ page }) => {
  // The run reads and writes every dataset of the catalogue before the server answers.
  test.setTimeout(240_000);
  const name = `CDC ${Date.now().toString(36)}`;

  await signInAs(page, 'operator');
  await page.getByRole('link', { name: 'Harvesting', exact: true }).click();
  await expect(page).toHaveURL(/\/harvest$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Harvest sources' })).toBeVisible();
  await expect(page.getByTestId('loading')).toBeHidden();

  await page.getByRole('button', { name: 'Add source' }).click();
  const form = page.getByRole('form', { name: 'Add source' });
  await expect(form).toBeVisible();
  // The modal's fade, or axe measures contrast mid-way.
  await page.waitForTimeout(400);
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(form.getByText('Required')).toHaveCount(2);
  // With the messages at the fields, which must be as readable as the rest.
  await expectNoSeriousA11yViolations(page);

  await form.getByRole('textbox', { name: /^Name/ }).fill(name);
  await form.getByRole('textbox', { name: /^Location/ }).fill(CDC_CATALOGUE);
  await form.getByRole('combobox', { name: /^Format/ }).selectOption({ label: 'DCAT-US data.json' });
  await form.getByRole('textbox', { name: /^Schedule/ }).press('Enter');
  await expect(form).toBeHidden();

  const row = sourceRow(page, name);
  await expect(row).toContainText('DCAT-US data.json');
  await expect(row).toContainText('On demand');
  await expect(row).toContainText('Never');

  await row.getByRole('button', { name: `Run now: ${name}` }).click();
  await expect(row.getByRole('button', { name: `Running…: ${name}` })).toBeDisabled();
  const alert = page.getByTestId('global-alert');
  await expect(alert).toContainText(`${name} harvested:`, { timeout: 200_000 });
  await expect(row.getByTestId('source-status')).toHaveText('Succeeded');
  const created = Number.parseInt((await row.locator('[data-count="created"]').textContent()) ?? '', 10);
  expect(created).toBeGreaterThan(0);
  await expect(alert).toContainText(`${created} created`);

  await page.waitForTimeout(400);
  await expectNoSeriousA11yViolations(page);
  if (SCREENSHOT_DIR) await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'harvest-desktop.png') });

  // On a phone the table scrolls inside its frame; the page itself does not scroll sideways.
  await page.setViewportSize(PHONE);
  await expect(row.getByRole('button', { name: `Remove: ${name}` })).toBeAttached();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  if (SCREENSHOT_DIR) await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'harvest-mobile.png') });
  await row.getByRole('button', { name: `Remove: ${name}` }).scrollIntoViewIfNeeded();
  await row.getByRole('button', { name: `Remove: ${name}` }).click();

  const dialog = page.getByRole('dialog', { name: `Remove ${name}?` });
  await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);
  await expect(alert).toContainText(`${name} removed.`);
});
