// `npm run bench:results-render -- --url http://127.0.0.1:8080`: how long the results page takes to draw a
// page of 1,000 offers in Debian's headless chromium, against a running server with a seeded catalogue
// (`npm start`, or the journeys' server). For each run it opens `/results?pageSize=1000` (no terms: more than
// 10,000 matches), then presses Next, and measures from the request's answer (resource timing of
// `/api/search`) to the moment the list is no longer busy with every one of the 1,000 offers reachable (all
// cards in the page, or a virtualized list announcing 1,000 items); the main thread's long tasks (over 50 ms)
// in that time; and, scrolling the page from top to bottom with the mouse wheel, the frames that took longer
// than 50 ms. Prints a Markdown table of the medians.
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { DEMO_USERS } from '../apps/server/src/modules/users/demo-users';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:8080' },
    runs: { type: 'string', default: '5' },
    width: { type: 'string', default: '1440' },
  },
});
const baseUrl = (args.url as string).replace(/\/$/, '');
const runs = Number(args.runs);
const width = Number(args.width);

type TTiming = { renderMs: number; apiMs: number; longTaskMs: number };

/** Installs the observers once per document: long tasks are collected from here on. */
async function watchLongTasks(page: Page): Promise<void> {
  // tsx names functions through a helper of its own, which the page must have for the functions sent to it.
  await page.addInitScript({ content: 'window.__name = (target) => target;' });
  await page.addInitScript(() => {
    const tasks: { start: number; duration: number }[] = [];
    (window as unknown as { __longTasks: typeof tasks }).__longTasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
}

/**
 * Waits in the page for page `pageNumber` to be drawn: the indicator names it, the list is not busy, and all
 * 1,000 offers are reachable. Answers the times, measured from `since` (a performance.now() in the page).
 */
async function waitForPage(page: Page, pageNumber: number, since: number): Promise<TTiming> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await waitInPage(page, pageNumber, since);
    } catch (error) {
      // The app may replace the document once while it starts (signing in): wait in the new one.
      if (attempt > 2 || !String(error).includes('Execution context was destroyed')) throw error;
      await page.waitForLoadState('domcontentloaded');
    }
  }
}

function waitInPage(page: Page, pageNumber: number, since: number): Promise<TTiming> {
  return page.evaluate(
    ({ pageNumber, since }) =>
      new Promise<TTiming>((resolve) => {
        const isDone = () => {
          const indicator = document.querySelector('[data-testid="page-indicator"]')?.textContent ?? '';
          if (!new RegExp(`\\b${pageNumber}\\b`).test(indicator)) return false;
          const list = document.querySelector('[data-testid="result-list"]');
          if (!list || list.getAttribute('aria-busy') === 'true') return false;
          const cards = document.querySelectorAll('[data-testid="result-card"]').length;
          return cards === 1000 || document.querySelector('[aria-setsize="1000"]') !== null;
        };
        const check = () => {
          if (!isDone()) {
            requestAnimationFrame(check);
            return;
          }
          // The frame after the one that showed it: what was committed has been painted.
          requestAnimationFrame(() => {
            const done = performance.now();
            const searches = performance
              .getEntriesByType('resource')
              .filter((entry) => entry.name.includes('/api/search') && !entry.name.includes('/cache'))
              .filter((entry) => entry.startTime >= since);
            const answer = searches.at(-1) as PerformanceResourceTiming | undefined;
            const answered = answer?.responseEnd ?? since;
            const tasks = (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks;
            const longTaskMs = tasks
              .filter((task) => task.start + task.duration >= answered && task.start <= done)
              .reduce((sum, task) => sum + task.duration, 0);
            resolve({
              renderMs: done - answered,
              apiMs: answer ? answer.responseEnd - answer.startTime : 0,
              longTaskMs,
            });
          });
        };
        check();
      }),
    { pageNumber, since },
  );
}

/** Scrolls from the top to the bottom of the page with the wheel and answers the frames over 50 ms and the worst. */
async function scrollThrough(page: Page): Promise<{ slowFrames: number; worstFrameMs: number; frames: number }> {
  await page.evaluate(() => {
    window.scrollTo(0, 0);
    const gaps: number[] = [];
    let last = performance.now();
    const state = { gaps, isRunning: true };
    (window as unknown as { __frames: typeof state }).__frames = state;
    const frame = (now: number) => {
      gaps.push(now - last);
      last = now;
      if (state.isRunning) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  await page.mouse.move(width / 2, 400);
  for (let step = 0; step < 400; step++) {
    await page.mouse.wheel(0, 600);
    const isAtBottom = await page.evaluate(
      () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2,
    );
    if (isAtBottom) break;
  }
  return page.evaluate(() => {
    const state = (window as unknown as { __frames: { gaps: number[]; isRunning: boolean } }).__frames;
    state.isRunning = false;
    const gaps = state.gaps.slice(1);
    return {
      slowFrames: gaps.filter((gap) => gap > 50).length,
      worstFrameMs: Math.max(0, ...gaps),
      frames: gaps.length,
    };
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const first: TTiming[] = [];
const next: TTiming[] = [];
const scrolls: { slowFrames: number; worstFrameMs: number; frames: number }[] = [];
try {
  // The app asks a visitor to sign in first: the demo buyer signs in once, and each run opens a new page.
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-US' });
  const signIn = await context.newPage();
  const buyer = DEMO_USERS.find((user) => user.email === 'buyer@example.com') as (typeof DEMO_USERS)[number];
  await signIn.goto(`${baseUrl}/`);
  await signIn.waitForURL(/\/idp\/realms\/dsRealm\//);
  await signIn.getByLabel(/e-?mail/i).fill(buyer.email);
  await signIn.getByLabel(/^(password|passwort)$/i).fill(buyer.password);
  await signIn.getByRole('button', { name: /^(sign in|anmelden)$/i }).click();
  await signIn.waitForURL((url) => !url.pathname.startsWith('/idp/'));
  await signIn.close();
  for (let run = 0; run < runs; run++) {
    const page = await context.newPage();
    await watchLongTasks(page);
    await page.goto(`${baseUrl}/results?pageSize=1000`);
    first.push(await waitForPage(page, 1, 0));
    if (process.env.DEBUG) {
      console.log(page.url(), first.at(-1));
      await page.screenshot({ path: '/tmp/web36/dbg.png' });
    }
    const since = await page.evaluate(() => performance.now());
    await page
      .getByRole('button', { name: /^(Next|Weiter)$/ })
      .first()
      .click();
    next.push(await waitForPage(page, 2, since));
    scrolls.push(await scrollThrough(page));
    await page.close();
  }
} finally {
  await browser.close();
}

const row = (name: string, timings: TTiming[]) =>
  `| ${name} | ${median(timings.map((t) => t.renderMs)).toFixed(0)} | ${median(timings.map((t) => t.longTaskMs)).toFixed(0)} | ${median(timings.map((t) => t.apiMs)).toFixed(0)} |`;
console.log(`Results page, 1,000 offers, ${width} px wide, median of ${runs} runs:\n`);
console.log('| step | drawn after the answer, ms | long tasks in that time, ms | API answer, ms |');
console.log('|---|---|---|---|');
console.log(row('open `/results?pageSize=1000`', first));
console.log(row("'Next' (page 2)", next));
console.log(
  `\nScrolling page 2 from top to bottom by mouse wheel: ${median(scrolls.map((s) => s.frames))} frames, ` +
    `${median(scrolls.map((s) => s.slowFrames))} over 50 ms, the slowest ${median(scrolls.map((s) => s.worstFrameMs)).toFixed(0)} ms (medians).`,
);
