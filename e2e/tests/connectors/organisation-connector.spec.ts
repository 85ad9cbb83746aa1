import { type Sandbox, startSandbox } from '@dsm/connector-sandbox';
import { expect, type Page, test } from '@playwright/test';
import { SIGNED_OUT, signInAs } from '../../fixtures/auth';
import { expectNoSeriousA11yViolations } from '../../fixtures/axe';
import { saveScreenshots } from '../../fixtures/screenshots';

test.use({ storageState: SIGNED_OUT });

const API_KEY = 'organisation-connector-journey-key';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

let sandbox: Sandbox;

test.beforeAll(async () => {
  // The organisation's connector: a sandbox on 'localhost', which the journeys' server may call (CONNECTOR_ALLOWED_HOSTS).
  sandbox = await startSandbox({
    host: 'localhost',
    basePath: '/supplier-own-edc',
    participantId: 'supplier-own-edc',
    apiKey: API_KEY,
  });
});

test.afterAll(async () => {
  await sandbox?.close();
});

/** The page is no wider than the window: nothing scrolls sideways. */
async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

// The supplier, not the demo buyer: the delivery journey's buyer must keep receiving through the 'consumer' sandbox.
test("[CONNECTORS]: a member registers the organisation's connector in its profile, sees 'Key stored', and removes it", async ({
  page,
}) => {
  await signInAs(page, 'supplier', '/profile/organisation');
  await expect(page.getByRole('heading', { level: 2, name: "Your organisation's connector" })).toBeVisible();
  const form = page.getByTestId('organisation-connector-form');

  await form.getByRole('button', { name: 'Check and save' }).click();
  await expect(form.getByText('Required')).toHaveCount(4);

  await form.getByLabel(/^Participant ID/).fill('supplier-own-edc');
  await form.getByLabel(/^DSP \(protocol\) address/).fill(sandbox.addresses.protocol);
  await form.getByLabel(/^Management API address/).fill(sandbox.addresses.management);
  await form.getByLabel(/^API key/).fill('not-the-key');
  await form.getByRole('button', { name: 'Check and save' }).click();
  // The server's check: the connector refused the key.
  await expect(form.getByText('was refused by the connector (HTTP 401)')).toBeVisible();

  await form.getByLabel(/^API key/).fill(API_KEY);
  await form.getByRole('button', { name: 'Check and save' }).click();
  const card = page.getByTestId('organisation-connector');
  await expect(card).toBeVisible();
  await expect(card.getByTestId('organisation-connector-key')).toHaveText('Key stored');
  await expect(card).toContainText(sandbox.addresses.management);
  // Both checks ran: the Management API with the key, and a catalog request to the marketplace's ('provider') connector.
  await expect(page.getByTestId('organisation-connector-checks')).toContainText('Passed: The Management API answered');
  await expect(page.getByTestId('organisation-connector-checks')).toContainText(
    "Passed: The connector fetched the catalog of the marketplace's connector 'provider'.",
  );
  expect(await page.content()).not.toContain(API_KEY);
  await expectNoSeriousA11yViolations(page);

  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await expect(card).toBeVisible();
    await expectNoHorizontalOverflow(page);
  }
  await saveScreenshots(page, 'organisation-connector', card);

  // A reload shows what is stored, still without the key; changing it starts with an empty key field.
  await page.reload();
  await expect(card.getByTestId('organisation-connector-key')).toHaveText('Key stored');
  await card.getByRole('button', { name: 'Change' }).click();
  await expect(form.getByLabel(/^API key/)).toHaveValue('');
  await page.setViewportSize(PHONE);
  await expectNoHorizontalOverflow(page);
  await page.setViewportSize(DESKTOP);
  await form.getByRole('button', { name: 'Cancel' }).click();

  await card.getByRole('button', { name: 'Remove' }).click();
  await card.getByRole('button', { name: 'Really remove' }).click();
  await expect(form).toBeVisible();
  await expect(form.getByLabel(/^Participant ID/)).toHaveValue('');
});
