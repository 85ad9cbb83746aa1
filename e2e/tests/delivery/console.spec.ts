import { expect, type Locator, type Page, test } from '@playwright/test';
import { SIGNED_OUT, signInAs } from '../../fixtures/auth';

test.use({ storageState: SIGNED_OUT });

/** A form field by its accessible name (its label without the required marker). */
function field(scope: Page | Locator, name: string): Locator {
  return scope.getByRole('textbox', { name, exact: true }).or(scope.getByRole('combobox', { name, exact: true }));
}

/** Picks an option of a Mantine select or multi-select by the field's name. */
async function pick(page: Page, label: string, option: string): Promise<void> {
  await field(page, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The registered connector's row on /connectors, found by its id. */
function connectorRow(page: Page, id: string): Locator {
  return page.getByTestId('registered-connector').filter({ hasText: `(${id})` });
}

test("[CONSOLE]: an operator creates an asset, a policy and a contract definition and sees the offer in the other sandbox's catalog", async ({
  page,
}) => {
  // Ids of this run's own, so a rerun against the same sandboxes never meets a leftover.
  const suffix = Date.now().toString(36);
  const assetId = `console-asset-${suffix}`;
  const assetName = `Console readings ${suffix}`;
  const policyId = `console-policy-${suffix}`;
  const contractDefinitionId = `console-contract-${suffix}`;

  await signInAs(page, 'operator');
  await page.getByRole('link', { name: 'Connectors', exact: true }).click();
  await expect(page).toHaveURL(/\/connectors$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Connectors' })).toBeVisible();
  // The provider's DSP address as the page lists it: the consumer asks for the provider's catalog there.
  const providerProtocolUrl = (await connectorRow(page, 'provider').getByRole('cell').nth(2).innerText()).trim();
  expect(providerProtocolUrl).toMatch(/^https?:\/\//);

  await connectorRow(page, 'provider').getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Connector provider' })).toBeVisible();

  await page.getByRole('tab', { name: 'Assets', exact: true }).click();
  await field(page, 'Id').fill(assetId);
  await field(page, 'Name').fill(assetName);
  await field(page, 'Content type').fill('text/csv');
  await field(page, 'Data URL').fill(`https://data.example.org/console/${suffix}.csv`);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByTestId('console-asset').filter({ hasText: assetId })).toContainText(assetName);

  await page.getByRole('tab', { name: 'Policy definitions' }).click();
  await field(page, 'Id').fill(policyId);
  await expect(field(page, 'Action')).toHaveValue('use');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByTestId('console-policy-definition').filter({ hasText: policyId })).toContainText('use');

  await page.getByRole('tab', { name: 'Contract definitions' }).click();
  await field(page, 'Id').fill(contractDefinitionId);
  await pick(page, 'Access policy', policyId);
  await pick(page, 'Contract policy', policyId);
  await pick(page, 'Assets', assetId);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByTestId('console-contract-definition').filter({ hasText: contractDefinitionId })).toContainText(
    assetId,
  );

  // The other side: the consumer sandbox's console asks the provider for its catalog over DSP.
  await page.getByRole('link', { name: 'Connectors', exact: true }).click();
  await connectorRow(page, 'consumer').getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Connector consumer' })).toBeVisible();
  await page.getByRole('tab', { name: 'Catalog' }).click();
  await field(page, 'DSP address of the other connector').fill(providerProtocolUrl);
  await field(page, 'Participant id').fill('provider');
  await page.getByRole('button', { name: 'Request the catalog' }).click();

  // EDC's offer id names the contract definition and the asset (each base64-encoded); the sandbox's own 'every
  // asset' definition offers the asset too, so the row is picked by the new definition's part of the id.
  const base64 = (text: string) => Buffer.from(text).toString('base64');
  const offerIdStart = `${base64(contractDefinitionId)}:${base64(assetId)}:`;
  const offer = page
    .getByTestId('console-catalog')
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: offerIdStart }) });
  await expect(offer).toHaveCount(1);
  await expect(offer.getByRole('cell').first()).toHaveText(assetName);
  // The policy from the form: the 'use' action without constraints.
  await expect(offer.getByRole('cell').nth(2)).toHaveText('use (0)');
  await expect(offer.getByRole('button', { name: `Negotiate ${assetId}` })).toBeVisible();
});
