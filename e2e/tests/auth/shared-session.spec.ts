import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { SIGNED_OUT, signInAs } from '../../fixtures/auth';

test.use({ storageState: SIGNED_OUT });

/** Records the requests a page makes to the provider's sign-in check and discovery. */
function watchProvider(page: Page): string[] {
  const requests: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (url.includes('/protocol/openid-connect/auth') || url.includes('/.well-known/openid-configuration')) {
      requests.push(url);
    }
  });
  return requests;
}

/** Signs the demo buyer in on `page` and opens a second tab of the same browser. */
async function signInWithSecondTab(page: Page, context: BrowserContext): Promise<Page> {
  await signInAs(page, 'buyer');
  await expect(page.getByTestId('profile-menu')).toBeVisible();
  return context.newPage();
}

test('[AUTH]: a second tab opens a guarded page signed in without asking the provider; signing out in one tab signs out the other', async ({
  page,
  context,
}) => {
  const second = await signInWithSecondTab(page, context);
  const providerRequests = watchProvider(second);
  await second.goto('/results?searchText=daten&pageSize=100');
  await expect(second.getByTestId('results-heading')).toContainText('datasets found', { timeout: 25_000 });
  await expect(second.getByTestId('profile-menu')).toBeVisible();
  expect(providerRequests).toEqual([]);

  await page.getByTestId('profile-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('You have signed out.')).toBeVisible();

  // The other tab is signed out too: it says so, and its next guarded page asks for credentials.
  await expect(second).toHaveURL(/\/login$/);
  await expect(second.getByText('Your session has ended. Please sign in again.')).toBeVisible();
  await second.goto('/results');
  await second.waitForURL(/\/idp\/realms\/dsRealm\//);
  await expect(second.getByLabel(/e-?mail/i)).toBeVisible();
  // And the first tab stays signed out.
  await page.reload();
  await expect(page.getByTestId('sign-in-button')).toBeVisible();
});

test('[AUTH]: a results page opened in another tab sends its first calls with the stored sign-in before its scripts run, and only once', async ({
  page,
  context,
}) => {
  const second = await signInWithSecondTab(page, context);
  const calls: string[] = [];
  second.on('request', (request) => {
    const url = new URL(request.url());
    if (['/api/search/cache', '/api/licence', '/api/search'].includes(url.pathname)) {
      calls.push(`${request.method()} ${url.pathname}${url.search}`);
    }
  });
  await second.goto('/results?searchText=daten&pageSize=100');
  await expect(second.getByTestId('results-heading')).toContainText('datasets found', { timeout: 25_000 });
  await expect(second.getByTestId('category-list').getByRole('checkbox').first()).toBeVisible();
  // landing-preload.js sent them, the search included; the app used those answers instead of asking again.
  expect(calls.sort()).toEqual(['GET /api/licence', 'GET /api/search/cache', 'POST /api/search']);
});

test('[AUTH]: an offer page opened in another tab asks for the offer, the licences and the likes once, before its scripts run', async ({
  page,
  context,
}) => {
  const second = await signInWithSecondTab(page, context);
  await second.goto('/results?searchText=daten');
  const href = await second.getByTestId('result-card').first().getAttribute('href');
  const calls: string[] = [];
  second.on('request', (request) => {
    const url = new URL(request.url());
    // The data preview is a resource of its own, asked for once the offer is shown.
    const isPreview = url.pathname.endsWith('/preview');
    if ((url.pathname.startsWith('/api/metadata') && !isPreview) || url.pathname === '/api/licence') {
      calls.push(`${request.method()} ${url.pathname}`);
    }
  });
  await second.goto(href as string);
  await expect(second.getByTestId('offer-title')).toBeVisible({ timeout: 25_000 });
  // Read before the page asks again for endpoint checks still pending (every two seconds after its data came).
  const callsOnLoad = [...calls];
  await expect(second.getByTestId('endpoint-row').first()).toBeVisible();
  expect(callsOnLoad.sort()).toEqual(
    ['GET /api/licence', 'GET /api/metadata/like', `GET ${href?.replace('/offer/details/', '/api/metadata/')}`].sort(),
  );
});
