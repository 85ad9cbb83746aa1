import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, test as setup } from '@playwright/test';
import { BUYER_STATE, signInAs } from '../fixtures/auth';

// Signs the demo buyer in once; the journeys start from this state and the app's silent check-sso
// finds the provider's session, as it would for a returning user.
setup('sign in as the demo buyer', async ({ page }) => {
  await signInAs(page, 'buyer');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await mkdir(path.dirname(BUYER_STATE), { recursive: true });
  await page.context().storageState({ path: BUYER_STATE });
});
