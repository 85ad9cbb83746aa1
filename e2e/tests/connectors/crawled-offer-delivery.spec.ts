import { type Sandbox, startSandbox } from '@dsm/connector-sandbox';
import { expect, test } from '@playwright/test';
import { asSomeoneElse, SIGNED_OUT, signInAs } from '../../fixtures/auth';
import { openResults } from '../../fixtures/pages';

const API_KEY = 'crawled-offer-journey-key';
const EDC = 'https://w3id.org/edc/v0.0.1/ns/';
const DATA = 'berth,vessel,arrival\nCT4-07,Elbe Trader,2026-12-01T06:00Z\n';

test.use({ storageState: SIGNED_OUT });

let harbour: Sandbox;
let buyerEdc: Sandbox;
/** Unique per run, so search finds this run's offer only. */
const title = `Berth plan Bremerhaven ${Date.now().toString(36)}`;

test.beforeAll(async () => {
  // Both on 'localhost', which the journeys' server may call (CONNECTOR_ALLOWED_HOSTS); 127.0.0.1 stays refused.
  [harbour, buyerEdc] = await Promise.all([
    // A second participant of the data space: its offer reaches the marketplace only through the crawl.
    startSandbox({
      host: 'localhost',
      basePath: '/harbour-journey-edc',
      participantId: 'harbour-journey-edc',
      apiKey: API_KEY,
      seed: {
        assets: [
          {
            '@context': { '@vocab': EDC },
            '@id': 'berth-plan',
            properties: { name: title, description: 'Planned berths of the container terminal, one a line.' },
            dataAddress: { type: 'InlineData', content: DATA, contentType: 'text/csv' },
          },
        ],
        policyDefinitions: [
          {
            '@context': { '@vocab': EDC },
            '@id': 'open',
            policy: { '@context': 'http://www.w3.org/ns/odrl.jsonld', '@type': 'Set', permission: [{ action: 'use' }] },
          },
        ],
        contractDefinitions: [
          {
            '@context': { '@vocab': EDC },
            '@id': 'berths',
            accessPolicyId: 'open',
            contractPolicyId: 'open',
            assetsSelector: [],
          },
        ],
      },
    }),
    // The buyer organisation's own connector.
    startSandbox({
      host: 'localhost',
      basePath: '/buyer-journey-edc',
      participantId: 'buyer-journey-edc',
      apiKey: API_KEY,
    }),
  ]);
});

test.afterAll(async () => {
  await Promise.all([harbour?.close(), buyerEdc?.close()]);
});

test("[CONNECTORS]: an operator crawls a participant, a buyer finds its offer, acquires it and downloads its data through the organisation's own connector", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);

  // The operator registers the participant's connector and crawls it.
  await asSomeoneElse(browser, async (operator) => {
    // As an operator gets there: through the navbar's 'Connectors'.
    await signInAs(operator, 'operator', '/');
    await operator.getByTestId('connectors-link').click();
    const form = operator.locator('form[aria-labelledby="register-connector"]');
    await form.getByLabel('Name').fill('Harbour journey EDC');
    await form.getByLabel('Connector URL').fill(harbour.url);
    await form.getByLabel('API key').fill(API_KEY);
    await form.getByRole('button', { name: 'Register' }).click();
    await operator.getByRole('button', { name: 'Crawl Harbour journey EDC now' }).click();
    const crawls = operator.getByTestId('connector-crawls').filter({ hasText: 'Harbour journey EDC' });
    await expect(crawls.getByTestId('crawl-run').first()).toContainText('Succeeded');
  });

  // The buyer's organisation registers its connector in the profile.
  await signInAs(page, 'buyer', '/profile/organisation');
  const connectorForm = page.getByTestId('organisation-connector-form');
  await connectorForm.getByLabel(/^Participant ID/).fill('buyer-journey-edc');
  await connectorForm.getByLabel(/^DSP \(protocol\) address/).fill(buyerEdc.addresses.protocol);
  await connectorForm.getByLabel(/^Management API address/).fill(buyerEdc.addresses.management);
  await connectorForm.getByLabel(/^API key/).fill(API_KEY);
  await connectorForm.getByLabel(/^Version API address/).fill(buyerEdc.addresses.version);
  await connectorForm.getByRole('button', { name: 'Check and save' }).click();
  const card = page.getByTestId('organisation-connector');
  await expect(card.getByTestId('organisation-connector-key')).toHaveText('Key stored');

  try {
    // Search finds the crawled offer; the buyer acquires it at 0 €.
    await expect
      .poll(
        async () => {
          // The count is read once the results are drawn (the heading), not while they still load.
          await openResults(page, { searchText: title });
          return page.getByTestId('result-card').filter({ hasText: title }).count();
        },
        { message: `search finds ${title}`, timeout: 90_000 },
      )
      .toBeGreaterThan(0);
    await page.getByTestId('result-card').filter({ hasText: title }).first().click();
    await expect(page.getByTestId('offer-description')).toContainText('Offered in the data space by the participant');
    await page.getByTestId('add-to-cart').click();
    await page.getByRole('dialog', { name: 'Added to cart' }).getByTestId('added-checkout').click();
    const checkout = page.getByRole('dialog', { name: 'Checkout' });
    await expect(checkout.getByTestId('checkout-items')).toContainText(`${title} – Free`);
    await checkout.getByTestId('place-order').click();
    await expect(page.getByTestId('global-alert')).toHaveAttribute('data-type', 'success');

    // My Acquisitions: 'Request access' negotiates with the participant through the organisation's connector.
    await page.goto('/acquisition');
    const purchased = page.getByRole('region', { name: 'Purchased offers' });
    await purchased.getByRole('button', { name: `Request access to ${title}` }).click();
    const downloadButton = purchased.getByRole('button', { name: `Download the data of ${title}` });
    await expect(downloadButton).toBeVisible({ timeout: 30_000 });
    const download = page.waitForEvent('download');
    await downloadButton.click();
    const saved = await download;
    const { readFile } = await import('node:fs/promises');
    expect(await readFile((await saved.path())!, 'utf8')).toBe(DATA);
  } finally {
    // The demo buyer's other journeys receive through the 'consumer' sandbox again.
    await page.goto('/profile/organisation');
    await card.getByRole('button', { name: 'Remove' }).click();
    await card.getByRole('button', { name: 'Really remove' }).click();
    await expect(connectorForm).toBeVisible();
  }
});
