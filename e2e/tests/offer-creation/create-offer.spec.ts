import { expect, type Page, test } from '@playwright/test';
import { SIGNED_OUT, signInAs } from '../../fixtures/auth';
import { expectNoSeriousA11yViolations } from '../../fixtures/axe';
import { openResults } from '../../fixtures/pages';
import { fillAssetInformation, fillEndpoint, input, pick } from '../../fixtures/wizard';

// Suppliers publish offers: these journeys sign in as the demo supplier themselves.
test.use({ storageState: SIGNED_OUT });

async function expectStep(page: Page, title: string): Promise<void> {
  await expect(page.getByTestId('wizard-step-title')).toHaveText(title);
}

test('[OFFERS-CREATE]: a supplier creates an offer through the wizard, reloads on the way, adds a licence, publishes, finds, edits and unpublishes it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const title = `Axolotl habitat survey ${stamp}`;
  const licenceTitle = `Axolotl Licence ${stamp}`;

  await signInAs(page, 'supplier');
  await page.getByTestId('offers-menu').click();
  await page.getByRole('menuitem', { name: 'Create offer' }).click();
  await expect(page).toHaveURL(/\/offer\/create\/pre$/);
  await page.getByTestId('pricing-FREE').click();
  await page.getByTestId('content-DATA').click();
  await page.getByTestId('access-DIRECT').click();
  await expect(page).toHaveURL(/\/offer\/create\?pricingOption=FREE&contentType=DATA&accessType=DIRECT$/);

  // Step 1: Next refuses an empty form and says why.
  await expectStep(page, 'Step 1: Asset Information');
  await expect(page.getByTestId('required-note')).toHaveText('*field is required');
  await page.getByTestId('wizard-next').click();
  await expect(page.getByText('This field is required.').first()).toBeVisible();
  await expectStep(page, 'Step 1: Asset Information');

  await fillAssetInformation(page, {
    title,
    description: 'Water quality and plant cover of the Xochimilco canals.',
    keywords: 'axolotl, wetlands',
  });

  // A reload in the middle: the draft comes back from local storage.
  await page.reload();
  await expectStep(page, 'Step 1: Asset Information');
  await expect(input(page, 'Title')).toHaveValue(title);
  await expect(input(page, 'Maintainer e-mail')).toHaveValue('max@example.org');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('formCache') ?? '{}'));
  expect(stored.generalInfo).toMatchObject({ title, categories: ['ENVIRONMENT'], authorName: 'Ada Author' });
  await page.getByTestId('wizard-next').click();

  // Step 2: one endpoint into the table.
  await expectStep(page, 'Step 2: Add endpoints');
  await fillEndpoint(page, {
    mimeType: 'text/csv',
    format: 'csv',
    title: 'Canal readings 2024',
    description: 'Monthly readings of all stations.',
    accessUrl: 'https://data.example.org/axolotl/2024.csv',
  });
  await input(page, 'File size').fill('2');
  await pick(page, 'Size unit', 'MB');
  await page.getByTestId('add-endpoint').click();
  await expect(page.getByTestId('endpoints-table')).toContainText('Canal readings 2024');
  await page.getByTestId('wizard-next').click();

  // Step 3: a licence of the supplier's own, added in the modal, becomes the selected licence.
  await expectStep(page, 'Step 3: Add usage, license and pricing');
  // A reload keeps the step as well as the fields.
  await page.reload();
  await expectStep(page, 'Step 3: Add usage, license and pricing');
  await expect(page.getByTestId('geo-fields')).toHaveAttribute('data-dimmed', 'true');
  await page.getByTestId('add-licence').click();
  const modal = page.getByRole('dialog', { name: 'Add your own Licence' });
  await expect(modal).toBeVisible();
  await input(modal, 'Licence id').fill(`AXO-${stamp}`);
  await input(modal, 'Licence title').fill(licenceTitle);
  await input(modal, 'Licence URL').fill('https://licences.example.org/axolotl');
  await modal.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(modal).toBeHidden();
  await expect(input(page, 'Licence')).toHaveValue(licenceTitle);
  await page.getByTestId('wizard-next').click();

  // Step 4: the preview shows the pre-requisites and what was typed.
  await expectStep(page, 'Step 4: Preview');
  await expect(page.getByTestId('preview-pricingOption')).toHaveText('Open/Free Offering');
  await expect(page.getByTestId('preview-contentType')).toHaveText('Data');
  await expect(page.getByTestId('preview-accessType')).toHaveText('Direct');
  await expect(page.getByTestId('preview-title')).toHaveText(title);
  await expect(page.getByTestId('preview-licence')).toHaveText(licenceTitle);
  // Labels, not codes: the category as it is named (not in capitals), the format's label, no restriction in words.
  expect(
    await page.getByText('Environment', { exact: true }).evaluate((element) => (element as HTMLElement).innerText),
  ).toBe('Environment');
  await expect(page.getByRole('cell', { name: 'CSV (comma-separated values)' })).toBeVisible();
  await expect(page.getByText('No restriction')).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);
  await page.getByTestId('wizard-publish').click();

  await expect(page).toHaveURL(/\/my-offerings$/);
  const card = page.getByTestId('own-offer').filter({ hasText: title });
  await expect(card.getByTestId('own-offer-state')).toHaveText('Published');
  expect(await page.evaluate(() => localStorage.getItem('formCache'))).toBeNull();

  // Searchable at once.
  await openResults(page, { searchText: title });
  await expect(page.getByTestId('result-card').first()).toContainText(title);

  // Edit: the wizard opens filled in; the new title is published.
  await page.goto('/my-offerings');
  await page.getByTestId('own-offer').filter({ hasText: title }).getByTestId('own-offer-edit').click();
  await expect(page).toHaveURL(/offerId=/);
  await expect(input(page, 'Title')).toHaveValue(title);
  const editedTitle = `${title} revised`;
  await input(page, 'Title').fill(editedTitle);
  await page.getByTestId('wizard-next').click();
  await expect(page.getByTestId('endpoints-table')).toContainText('Canal readings 2024');
  await page.getByTestId('wizard-next').click();
  await expect(input(page, 'Licence')).toHaveValue(licenceTitle);
  await page.getByTestId('wizard-next').click();
  await page.getByTestId('wizard-publish').click();
  await expect(page).toHaveURL(/\/my-offerings$/);
  const edited = page.getByTestId('own-offer').filter({ hasText: editedTitle });
  await expect(edited.getByTestId('own-offer-state')).toHaveText('Published');

  // Unpublish: gone from search at once, still listed under My offerings.
  await edited.getByTestId('own-offer-unpublish').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Unpublish', exact: true }).click();
  await expect(edited.getByTestId('own-offer-state')).toHaveText('Unpublished');
  await openResults(page, { searchText: editedTitle });
  await expect(page.getByTestId('result-card').filter({ hasText: editedTitle })).toHaveCount(0);
});

test('[OFFERS-CREATE]: choosing a content type without a pricing option shows the message; Back clears the choices', async ({
  page,
}) => {
  await signInAs(page, 'supplier', '/offer/create/pre');
  await page.getByTestId('content-SERVICE').click();
  await expect(page.getByTestId('pricing-missing')).toHaveText(
    'You have choose Pricing Option either Pricing Offering or Open/Free Offering',
  );
  await page.getByTestId('pricing-PAID').click();
  await expect(page.getByTestId('pricing-missing')).toBeHidden();
  await page.getByTestId('content-SERVICE').click();
  await expect(page.getByTestId('access-CONNECTOR')).toBeVisible();
  await page.getByTestId('pre-back').click();
  await expect(page.getByTestId('pricing-PAID')).toHaveAttribute('aria-pressed', 'false');
  await expectNoSeriousA11yViolations(page);
});

test('[OFFERS-CREATE]: the Offers menu leads to My offerings', async ({ page }) => {
  await signInAs(page, 'supplier');
  await page.getByTestId('offers-menu').click();
  await page.getByRole('menuitem', { name: 'My offerings' }).click();
  await expect(page).toHaveURL(/\/my-offerings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My offerings' })).toBeVisible();
});

test('[OFFERS-CREATE]: a supplier publishes a Connector offer with usage restrictions on the sandbox connector', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const title = `Mangrove carbon stocks ${Date.now().toString(36)}`;
  await signInAs(page, 'supplier', '/offer/create/pre');
  await page.getByTestId('pricing-PAID').click();
  await page.getByTestId('content-DATA').click();
  await page.getByTestId('access-CONNECTOR').click();

  await fillAssetInformation(page, { title, description: 'Above- and below-ground carbon of mangrove plots.' });
  await page.getByTestId('wizard-next').click();

  // The connector is required for this access type.
  await expectStep(page, 'Step 2: Add endpoints');
  await fillEndpoint(page, {
    mimeType: 'application/json',
    format: 'json',
    title: 'Plot readings',
    description: 'All plots as JSON.',
    accessUrl: 'https://data.example.org/mangroves.json',
  });
  await pick(page, 'Size unit', 'KB');
  await page.getByTestId('wizard-next').click();
  await expect(page.getByText('Choose the connector to publish on.')).toBeVisible();
  await pick(page, 'Connector', 'Provider sandbox (provider)');
  await page.getByTestId('wizard-next').click();

  // A paid offering needs a price; the restrictions open once their boxes are checked.
  await expectStep(page, 'Step 3: Add usage, license and pricing');
  await pick(page, 'Licence', 'Creative Commons Namensnennung 4.0 International');
  await page.getByTestId('wizard-next').click();
  await expect(page.getByText('A paid offering needs a price above 0.')).toBeVisible();
  await page.getByTestId('geo-checkbox').click();
  await pick(page, 'Country', 'Indonesia');
  await page.getByTestId('time-checkbox').click();
  await input(page, 'Duration').fill('12');
  await pick(page, 'Time unit', 'Months');
  await pick(page, 'Payment model', 'Pay per use / download');
  await input(page, 'Price').fill('15');
  await pick(page, 'Currency', 'EUR');
  await page.getByTestId('wizard-next').click();

  await expectStep(page, 'Step 4: Preview');
  await expect(page.getByTestId('preview-accessType')).toHaveText('Connector');
  await expect(page.getByTestId('preview-price')).toHaveText('15.00 €');
  await page.getByTestId('wizard-publish').click();
  await expect(page).toHaveURL(/\/my-offerings$/);
  const card = page.getByTestId('own-offer').filter({ hasText: title });
  await expect(card.getByTestId('own-offer-state')).toHaveText('Published');
  await expect(card.getByTestId('own-offer-failure')).toHaveCount(0);

  await openResults(page, { searchText: title });
  await expect(page.getByTestId('result-card').first()).toContainText(title);
});
