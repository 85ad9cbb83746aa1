import { expect, type Page, test } from '@playwright/test';

/**
 * Whatever the browser holds or the user pastes, a page recovers with a message or with defaults:
 * never a blank screen, never an uncaught error.
 */

/** Collects the page's uncaught errors from now on; each journey expects none. */
function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

/** A robustness journey: besides its own expectations, it fails on any uncaught error of the page. */
function robustnessJourney(title: string, journey: (page: Page) => Promise<void>): void {
  test(`[ROBUSTNESS]: ${title}`, async ({ page }) => {
    const errors = watchPageErrors(page);
    await journey(page);
    expect(errors).toEqual([]);
  });
}

/** The shell is there around a page that says something. */
async function expectShellWithContent(page: Page): Promise<void> {
  await expect(page.getByRole('banner').filter({ has: page.getByTestId('home-link') })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect.poll(async () => (await page.getByRole('main').innerText()).trim().length).toBeGreaterThan(20);
}

/** English, unless a journey stores something else on purpose. */
async function inEnglish(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', 'en');
  });
}

/**
 * Stores values before the app's first script runs, once per browser tab (init scripts run on
 * every navigation; a reload must see what the app made of them).
 */
async function storeBeforeLoad(
  page: Page,
  values: { local?: Record<string, string>; session?: Record<string, string> },
): Promise<void> {
  await page.addInitScript((stored) => {
    if (sessionStorage.getItem('robustness.stored')) return;
    for (const [key, value] of Object.entries(stored.local ?? {})) localStorage.setItem(key, value);
    for (const [key, value] of Object.entries(stored.session ?? {})) sessionStorage.setItem(key, value);
    sessionStorage.setItem('robustness.stored', '1');
  }, values);
}

robustnessJourney('a cart, a draft and a filter cache that cannot be read are dropped with a notice', async (page) => {
  await storeBeforeLoad(page, {
    local: {
      language: 'en',
      // Not JSON, two megabytes long.
      cart: `{${'x'.repeat(2_000_000)}`,
      formCache: '[1,2,3]',
      demoMode: '{"on":true}',
    },
    session: { filterCache: '{"keywords":"not a list"}' },
  });

  await page.goto('/cart');
  await expect(page.getByTestId('global-alert')).toHaveText(
    'Your saved cart could not be read completely; the unreadable part was removed.',
  );
  await expect(page.getByRole('heading', { level: 1, name: 'My cart' })).toBeVisible();
  await expectShellWithContent(page);
  // The unreadable value was replaced, so the next visit starts clean and says nothing.
  expect(await page.evaluate(() => localStorage.getItem('cart'))).toBe('[]');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'My cart' })).toBeVisible();
  await expect(page.getByTestId('global-alert')).toHaveCount(0);

  await page.goto('/offer/create?pricingOption=FREE&contentType=DATA&accessType=DIRECT');
  await expect(page.getByTestId('global-alert')).toHaveText(
    'Part of the saved draft could not be read and was reset to the defaults.',
  );
  await expect(page.getByTestId('wizard-step-title')).toHaveText('Step 1: Asset Information');

  await page.goto('/results');
  await expect(page.getByTestId('results-heading')).toBeVisible({ timeout: 25_000 });
  await expect(page.getByTestId('category-list').getByRole('checkbox', { name: /^Environment\b/ })).toBeVisible();
  await expect(page.getByTestId('demo-marker')).toHaveCount(0);
});

robustnessJourney(
  'an unknown language choice and a damaged sign-in record fall back to German and a fresh sign-in',
  async (page) => {
    // The signed-in user as the sign-in library keeps it, for every key it might use.
    await page.goto('/impressum');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => {
      localStorage.setItem('language', '<script>alert(1)</script>');
      for (const store of [localStorage, sessionStorage]) {
        for (const key of Object.keys(store)) if (key.startsWith('oidc.')) store.setItem(key, '{"access_token":');
      }
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ihr Zugang zu Millionen von Datensätzen');
    await expect(page.getByTestId('assets-menu')).toBeVisible();
    await expectShellWithContent(page);
  },
);

robustnessJourney('stale, malformed and removed addresses show a clear message or the defaults', async (page) => {
  // Twenty addresses, each loaded with the shell and, for results, a search.
  test.setTimeout(180_000);
  await inEnglish(page);
  const offerNotFound = 'Offer not found';
  const badLink = /Part of this link could not be used/;
  const cases: { path: string; text: string | RegExp; inResults?: boolean }[] = [
    { path: '/offer/details/%ZZ', text: offerNotFound },
    { path: `/offer/details/${'a'.repeat(3000)}`, text: offerNotFound },
    { path: '/offer/details/3f0c1b9e-7a51-4c44-9c1d-5b0d3c2a9e01', text: offerNotFound },
    { path: "/offer/details/1'%20OR%20'1'='1", text: offerNotFound },
    { path: '/results?page=-1&pageSize=99999&sort=zzz&size=99999', text: badLink, inResults: true },
    { path: '/results?page=abc', text: badLink, inResults: true },
    { path: '/results?filter=%7Bbroken', text: badLink, inResults: true },
    { path: `/results?filter=${encodeURIComponent('{"selectedCategories":[""]}')}`, text: badLink, inResults: true },
    {
      path: `/results?filter=${encodeURIComponent('{"priceRange":{"from":"abc","to":-1}}')}`,
      text: badLink,
      inResults: true,
    },
    {
      path: `/results?searchText=${Array.from({ length: 30 }, (_, i) => `t${i}`).join('|')}`,
      text: badLink,
      inResults: true,
    },
    { path: `/results?searchText=${'x'.repeat(5000)}`, text: badLink, inResults: true },
    {
      path: `/results?filter=${encodeURIComponent('{"selectedCategories":["NO_SUCH_TOPIC"]}')}`,
      text: 'No datasets match your search',
      inResults: true,
    },
    { path: '/results?unknown=1&utm_source=mail', text: /datasets? found/, inResults: true },
    {
      path: `/results?filter=${encodeURIComponent('{"selectedCategories":["constructor","$t(app.title)"]}')}`,
      text: 'Constructor',
      inResults: true,
    },
    { path: '/offers/old-route', text: 'Page not found' },
    { path: '/offer/details/', text: 'Page not found' },
    { path: '/offer/create?pricingOption=NOPE', text: /Choose the pricing option/ },
    { path: '/offer/create?offerId=%25ZZ&pricingOption=FREE&contentType=DATA&accessType=DIRECT', text: offerNotFound },
    {
      path: '/offer/create?offerId=3f0c1b9e-7a51-4c44-9c1d-5b0d3c2a9e01&pricingOption=FREE&contentType=DATA&accessType=DIRECT',
      text: offerNotFound,
    },
  ];
  for (const { path, text, inResults } of cases) {
    await page.goto(path);
    const message = page.getByText(text).first();
    await expect(message, path).toBeVisible({ timeout: inResults ? 25_000 : 10_000 });
    await expectShellWithContent(page);
    if (inResults) {
      // The page searched with what it could use: a heading, no failed request.
      await expect(page.getByText('The search failed'), path).toHaveCount(0);
    }
  }
});

robustnessJourney('pasted garbage in the search bar is searched as text or refused with a message', async (page) => {
  await inEnglish(page);
  await page.goto('/results');
  await expect(page.getByTestId('results-heading')).toBeVisible({ timeout: 25_000 });
  const input = page.getByTestId('search-input');

  // 10,000 characters: refused with the specification's alert, nothing searched.
  await input.fill('x'.repeat(10_000));
  await input.press('Enter');
  await expect(page.getByTestId('global-alert')).toHaveText(
    'Query size exceeded! Max 20 queries or 2000 characters allowed',
  );
  await expect(page).toHaveURL(/\/results$/);

  // Markup, SQL, control characters, emoji and right-to-left text: shown as text, searched as text.
  const html = '<img src=x onerror="window.__hacked=1">';
  for (const text of [html, "'; DROP TABLE offers; --", 'ground\u0000water \u0007bell \u001b[31m', '😀 مرحبا']) {
    await input.fill(text);
    await input.press('Enter');
    await expect(page.getByTestId('results-heading')).toBeVisible({ timeout: 25_000 });
    await expect(page.getByText('The search failed')).toHaveCount(0);
    await page.getByTestId('show-complete-catalog').click();
  }
  await input.fill(html);
  await input.press('Enter');
  await expect(page.getByTestId('search-terms')).toContainText('<img');
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __hacked?: number }).__hacked)).toBeUndefined();
  await expectShellWithContent(page);
});

robustnessJourney(
  'letters, negative numbers and an inverted range in the price filter get a message at the field',
  async (page) => {
    await inEnglish(page);
    await page.goto('/results');
    await expect(page.getByTestId('results-heading')).toBeVisible({ timeout: 25_000 });
    const from = page.getByTestId('price-from');
    const to = page.getByTestId('price-to');
    const notAPrice = 'Enter a price of 0 or more, such as 12.50.';

    await from.fill('abc');
    await expect(page.getByText(notAPrice)).toHaveCount(1);
    await to.fill('-5');
    await expect(page.getByText(notAPrice)).toHaveCount(2);
    await from.fill('100');
    await to.fill('5');
    await expect(page.getByText("'Price from' must not be above 'Price to'.")).toBeVisible();
    await to.fill('500');
    await expect(page.getByText(notAPrice)).toHaveCount(0);
    await expect(page).toHaveURL(/priceRange/);
    await expect(page.getByText('The search failed')).toHaveCount(0);
  },
);

robustnessJourney('pasted garbage in the offer wizard and the licence modal gets validation messages', async (page) => {
  await inEnglish(page);
  await page.goto('/offer/create?pricingOption=FREE&contentType=DATA&accessType=DIRECT');
  await expect(page.getByTestId('wizard-step-title')).toHaveText('Step 1: Asset Information');

  const title = page.getByRole('textbox', { name: 'Title', exact: true });
  await title.fill('<b>bold</b>\u0000'.repeat(1000));
  await page.getByRole('textbox', { name: 'Author e-mail', exact: true }).fill('"><script>alert(1)</script>');
  await page.getByTestId('wizard-next').click();
  await expect(page.getByTestId('wizard-step-title')).toHaveText('Step 1: Asset Information');
  await expect(page.getByText('This is too long.').first()).toBeVisible();
  await expect(page.getByText('Enter an e-mail address such as name@example.org.')).toBeVisible();
  await expect(page.locator('main b')).toHaveCount(0);

  await page.getByTestId('wizard-skip').click();
  // The second skip waits for step 2: clicked while the first one's step was still being shown, it was lost.
  await expect(page.getByTestId('wizard-step-title')).toHaveText('Step 2: Add endpoints');
  await page.getByTestId('wizard-skip').click();
  await expect(page.getByTestId('wizard-step-title')).toHaveText('Step 3: Add usage, license and pricing');
  await page.getByTestId('add-licence').click();
  await page.getByTestId('licence-id').fill('two words\u0000');
  await page.getByTestId('licence-title').fill('t'.repeat(10_000));
  await page.getByTestId('licence-url').fill('javascript:alert(1)');
  await page.getByTestId('licence-submit').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('This value is not valid.')).toBeVisible();
  await expect(dialog.getByText('This is too long.')).toBeVisible();
  await expect(dialog.getByText('Enter an address starting with http:// or https://.')).toBeVisible();
  await expectShellWithContent(page);
});

robustnessJourney(
  'a page whose code is gone after a deploy shows the boundary inside the shell and a reload brings it back',
  async (page) => {
    await inEnglish(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // The tab was opened before a deploy: the cart page's file of that build no longer exists.
    await page.route(/\/assets\/CartPage-[^/]+\.js$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.getByTestId('cart-link').click();
    const boundary = page.getByTestId('route-error');
    await expect(boundary).toContainText('A new version is available');
    await expect(page.getByRole('main').getByTestId('route-error')).toBeVisible();
    await expectShellWithContent(page);

    // Another page of the shell still works, and coming back still says what to do.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Impressum' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Impressum' })).toBeVisible();
    await expect(boundary).toHaveCount(0);

    await page.goBack();
    await expect(boundary).toBeVisible();
    await page.unroute(/\/assets\/CartPage-[^/]+\.js$/);
    await boundary.getByRole('button', { name: 'Reload the page' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My cart' })).toBeVisible();
    await expect(boundary).toHaveCount(0);
  },
);

robustnessJourney('a language whose texts are gone after a deploy says so and the page stays usable', async (page) => {
  await inEnglish(page);
  await page.goto('/impressum');
  await expect(page.getByRole('heading', { level: 1, name: 'Impressum' })).toBeVisible();

  await page.route(/\/assets\/fr-[^/]+\.js$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.getByTestId('language-select').selectOption('fr');
  await expect(page.getByTestId('global-alert')).toHaveText(
    'This language could not be loaded. Reload the page and try again.',
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Impressum' })).toBeVisible();
  await expectShellWithContent(page);

  // After the reload the new deploy's texts load, and the remembered choice applies.
  await page.unroute(/\/assets\/fr-[^/]+\.js$/);
  await page.reload();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Mentions légales' })).toBeVisible();
});

robustnessJourney(
  'header parts whose code is gone after a deploy leave the shell and the page working',
  async (page) => {
    await inEnglish(page);
    await page.route(/\/assets\/(HeaderMenus|CartNavLink)-[^/]+\.js$/, (route) =>
      route.fulfill({ status: 404, body: 'gone' }),
    );
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectShellWithContent(page);
    await expect(page.getByTestId('route-error')).toHaveCount(0);
    // The menus are missing, the rest of the header is there.
    await expect(page.getByTestId('assets-menu')).toHaveCount(0);
    // The cart icon stands in without its count and still leads to the cart.
    await page.getByTestId('cart-link').click();
    await expect(page.getByRole('heading', { level: 1, name: 'My cart' })).toBeVisible();
    await expect(page.getByLabel('Language')).toBeVisible();
  },
);
