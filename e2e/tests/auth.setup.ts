import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, test as setup } from '@playwright/test';
import { BUYER_STATE, signInAs } from '../fixtures/auth';

// Signs the demo buyer in once; the journeys start from this state and the app's silent check-sso
// finds the provider's session, as it would for a returning user.
setup('sign in as the demo buyer', async ({ page }) => {
  await signInAs(page, 'buyer');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The journeys run side by side from this state: each signs in through the provider's session
  // (check-sso), as they would share one rotating refresh token if the stored user came along.
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) if (key.startsWith('oidc.user:')) localStorage.removeItem(key);
  });
  await mkdir(path.dirname(BUYER_STATE), { recursive: true });
  await page.context().storageState({ path: BUYER_STATE });
});
