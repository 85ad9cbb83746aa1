import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { SIGNED_OUT, signInAs } from '../../fixtures/auth';
import { fillCart, findPaidOffers, readSession } from '../../fixtures/cart';
import { appRoutes, findRouteData, SANDBOX_CONNECTOR_ID, waitForPage } from '../../fixtures/routes';

test.use({ storageState: SIGNED_OUT });

/** When set (for example to docs/screenshots), the pages this journey guards are saved at both widths. */
const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/**
 * An offer of the seeded catalogue (the demo catalogue is the same for any size) whose three endpoints
 * have long licence names and links: its endpoints table once ran past its frame at 1440 px and cut
 * the last column to "Go to l…".
 */
const WIDE_ENDPOINTS_OFFER = '/offer/details/db40cb63-bd4f-4172-b196-28b700000186';

/**
 * With SCREENSHOT_DIR set every route is saved at both widths as `{route}-{width}.png`, from the top;
 * these routes under another name and scrolled to what they are kept for.
 */
const SCREENSHOTS = new Map<string, { file: string; focus: string | null }>([
  ['connectors', { file: 'connectors', focus: null }],
  ['data-protection', { file: 'data-protection', focus: null }],
  ['terms', { file: 'terms', focus: null }],
  [
    'offer-details',
    { file: 'offer-details-endpoints', focus: '[data-testid="endpoints-table"], [data-testid="endpoint-cards"]' },
  ],
  ['orders', { file: 'orders-invoices', focus: '[data-testid="order-invoices"]' }],
]);

/** Saves `{name}-{width}.png` of the window, scrolled so that `focus` starts under the header. */
async function saveScreenshot(page: Page, name: string, focus: string | null): Promise<void> {
  if (!SCREENSHOT_DIR) return;
  if (focus) {
    await page
      .locator(focus)
      .first()
      .evaluate((element) => {
        element.scrollIntoView({ block: 'start' });
        window.scrollBy(0, -130);
      });
  }
  const width = page.viewportSize()?.width;
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${width}.png`), animations: 'disabled' });
}

type TOverflow = { scrollWidth: number; viewport: number; widest: string };

/**
 * How wide the document is against the window, and the innermost element reaching furthest right
 * (by its box or by what it scrolls), described by its tag, test id, classes and text.
 */
async function measureOverflow(page: Page): Promise<TOverflow> {
  return page.evaluate(() => {
    const name = (element: Element): string => {
      const testId = element.closest('[data-testid]')?.getAttribute('data-testid');
      const classes = [...element.classList].filter((name) => !name.startsWith('m_')).slice(0, 3);
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
      return `<${element.tagName.toLowerCase()}${classes.length ? ` class="${classes.join(' ')}"` : ''}>${
        testId ? ` in [data-testid="${testId}"]` : ''
      } "${text}"`;
    };
    let widest: Element | null = null;
    let right = 0;
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0) continue;
      const reach = Math.max(box.right, box.left + element.scrollWidth);
      // Later elements are deeper or later in the page: the innermost of equals wins.
      if (reach >= right) {
        right = reach;
        widest = element;
      }
    }
    return {
      scrollWidth: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
      widest: widest ? `${name(widest)} reaches ${Math.round(right)} px` : '',
    };
  });
}

/** Soft: every page and width is measured, and each one that overflows is reported with what overflowed. */
async function expectNoOverflow(page: Page, what: string): Promise<void> {
  const { scrollWidth, viewport, widest } = await measureOverflow(page);
  expect
    .soft(scrollWidth, `${what} at ${viewport} px is ${scrollWidth} px wide: ${widest}`)
    .toBeLessThanOrEqual(viewport);
}

/**
 * Moves the app to `path` the way its links do, without loading it again (much faster than a reload
 * on each of some fifty pages), and waits until the page in the main landmark is another one.
 */
async function openInApp(page: Page, path: string): Promise<void> {
  const main = page.locator('#main');
  const before = (await main.count()) > 0 ? await main.textContent() : null;
  if (before === null) {
    await page.goto(path);
    return;
  }
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect.poll(() => main.textContent(), { message: `the app shows ${path}` }).not.toBe(before);
}

/** Whether an element's text stands on one line (an amount not broken before its € sign). */
async function lineCount(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
}

test('[SHELL]: no page is wider than a 390 px phone or a 1440 px screen, with an order, an offer and a connector of the seeded server', async ({
  page,
}) => {
  test.setTimeout(240_000);
  // German: the app's first language, and the one of the longest words.
  await page.addInitScript(() => localStorage.setItem('language', 'de'));
  await signInAs(page, 'operator');

  // An order with invoices for My orders; an asset with a long id and address for the console.
  const [offer] = await findPaidOffers(page, true, 1, 'SUBSCRIPTION_BASED');
  await fillCart(page, [offer!]);
  await page.goto('/cart');
  await page.getByTestId('checkout-button').click();
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/$/);
  const { token } = await readSession(page);
  const assetId = `overflow-check-${Date.now().toString(36)}-an-identifier-without-any-place-to-break`;
  const assetPath = `/api/connectors/${SANDBOX_CONNECTOR_ID}/assets`;
  const created = await page.request.post(assetPath, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      id: assetId,
      name: 'Overflow check',
      baseUrl: `https://data.example.org/a/very/long/path/without/spaces/${assetId}/readings.csv`,
    },
  });
  expect(created.ok()).toBe(true);

  try {
    const routes = appRoutes(await findRouteData(page, WIDE_ENDPOINTS_OFFER));
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      for (const route of routes) {
        await test.step(`${route.path} at ${viewport.width} px`, async () => {
          await openInApp(page, route.path);
          await waitForPage(page, route.ready);
          await expectNoOverflow(page, route.path);
          if (viewport === PHONE) await expectHeadingModest(page, route.path);
          if (route.name === 'connector-console') await expectConsoleTabsFit(page);
          if (viewport === DESKTOP && route.name === 'offer-details') await expectEndpointsTableFits(page);
          if (viewport === DESKTOP && route.name === 'orders') await expectInvoiceRowsWhole(page);
          const screenshot = SCREENSHOTS.get(route.name) ?? { file: route.name, focus: null };
          await saveScreenshot(page, screenshot.file, screenshot.focus);
        });
      }
    }
  } finally {
    await page.request.delete(`${assetPath}/${encodeURIComponent(assetId)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
  }
});

/** Largest size of a page's h1 on a phone: that of an h2, so that a long title wraps and leaves room for the page. */
const PHONE_H1_MAX_PX = 26;

/** On a phone, the page's h1 is no larger than an h2 and wraps within the page. */
async function expectHeadingModest(page: Page, what: string): Promise<void> {
  const heading = page.locator('#main h1').first();
  if ((await heading.count()) === 0) return;
  const { fontSize, scrollWidth, clientWidth } = await heading.evaluate((element) => ({
    fontSize: Number.parseFloat(getComputedStyle(element).fontSize),
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
  }));
  expect.soft(fontSize, `the h1 of ${what} at 390 px`).toBeLessThanOrEqual(PHONE_H1_MAX_PX);
  expect.soft(scrollWidth, `the h1 of ${what} runs past its box`).toBeLessThanOrEqual(clientWidth);
}

/** Every tab of the connector console, the assets with their long id among them, fits too. */
async function expectConsoleTabsFit(page: Page): Promise<void> {
  const tabs = page.getByRole('tab');
  const count = await tabs.count();
  expect(count).toBeGreaterThan(1);
  for (let index = 1; index < count; index += 1) {
    const tab = tabs.nth(index);
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    if (index === 1) await expect(page.getByTestId('console-asset').first()).toBeVisible();
    await waitForPage(page);
    await expectNoOverflow(page, `the console's tab '${await tab.textContent()}'`);
    if (index === 1) await saveScreenshot(page, 'connector-console-assets', '[data-testid="console-assets"]');
  }
}

/** The endpoints table shows all its columns without scrolling sideways in its frame. */
async function expectEndpointsTableFits(page: Page): Promise<void> {
  const table = page.getByTestId('endpoints-table');
  await expect(table.getByTestId('endpoint-row')).not.toHaveCount(0);
  const { tableWidth, frameWidth } = await table.evaluate((element) => ({
    tableWidth: element.scrollWidth,
    frameWidth: (element.closest('.mantine-ScrollArea-viewport') ?? element.parentElement!).clientWidth,
  }));
  expect
    .soft(tableWidth, `the endpoints table is ${tableWidth} px in a frame of ${frameWidth} px`)
    .toBeLessThanOrEqual(frameWidth);
}

/** My orders: the invoice's state badge is not cut short and its amount stays on one line. */
async function expectInvoiceRowsWhole(page: Page): Promise<void> {
  const badge = page.getByTestId('invoice-state').first();
  await expect(badge).toBeVisible();
  const label = await badge.evaluate((element) => {
    const text = element.querySelector('.mantine-Badge-label') ?? element;
    return { scrollWidth: text.scrollWidth, clientWidth: text.clientWidth, text: text.textContent };
  });
  expect
    .soft(label.scrollWidth, `the state badge "${label.text}" is cut to ${label.clientWidth} px`)
    .toBeLessThanOrEqual(label.clientWidth);
  expect.soft(await lineCount(page, '[data-testid="invoice-row"] td:nth-child(4)'), 'lines of the amount').toBe(1);
}
