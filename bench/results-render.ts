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

// What runs in the page is plain JavaScript: the bench is type-checked without the DOM's types, and tsx
// would name functions sent to the page through a helper the page lacks.

/** Collects the main thread's long tasks from the start of each document. */
const WATCH_LONG_TASKS = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
`;

/**
 * Resolves once page \`pageNumber\` is drawn: the indicator names it, the list is not busy, and all 1,000 offers
 * are reachable; with the times measured from \`since\` (a performance.now() in the page).
 */
const WAIT_FOR_PAGE = `({ pageNumber, since }) => new Promise((resolve) => {
  const isDone = () => {
    const indicator = document.querySelector('[data-testid="page-indicator"]')?.textContent ?? '';
    if (!new RegExp('\\\\b' + pageNumber + '\\\\b').test(indicator)) return false;
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
      const answer = performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes('/api/search') && !entry.name.includes('/cache') && entry.startTime >= since)
        .at(-1);
      const answered = answer ? answer.responseEnd : since;
      const longTaskMs = window.__longTasks
        .filter((task) => task.start + task.duration >= answered && task.start <= done)
        .reduce((sum, task) => sum + task.duration, 0);
      resolve({ renderMs: done - answered, apiMs: answer ? answer.responseEnd - answer.startTime : 0, longTaskMs });
    });
  };
  check();
})`;

/** Starts recording the time between frames, from the top of the page. */
const RECORD_FRAMES = `(() => {
  window.scrollTo(0, 0);
  const state = { gaps: [], isRunning: true, last: performance.now() };
  window.__frames = state;
  const frame = (now) => {
    state.gaps.push(now - state.last);
    state.last = now;
    if (state.isRunning) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})()`;

/** Stops recording and answers the frames, those over 50 ms and the slowest. */
const FRAMES_RECORDED = `(() => {
  const state = window.__frames;
  state.isRunning = false;
  const gaps = state.gaps.slice(1);
  return { slowFrames: gaps.filter((gap) => gap > 50).length, worstFrameMs: Math.max(0, ...gaps), frames: gaps.length };
})()`;

const IS_AT_BOTTOM = 'window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2';

/** Waits for page \`pageNumber\` to be drawn (WAIT_FOR_PAGE). */
async function waitForPage(page: Page, pageNumber: number, since: number): Promise<TTiming> {
  for (let attempt = 0; ; attempt++) {
    try {
      return (await page.evaluate(`(${WAIT_FOR_PAGE})(${JSON.stringify({ pageNumber, since })})`)) as TTiming;
    } catch (error) {
      // The app may replace the document once while it starts (signing in): wait in the new one.
      if (attempt > 2 || !String(error).includes('Execution context was destroyed')) throw error;
      await page.waitForLoadState('domcontentloaded');
    }
  }
}

/** Scrolls from the top to the bottom of the page with the wheel and answers the frames over 50 ms and the worst. */
async function scrollThrough(page: Page): Promise<{ slowFrames: number; worstFrameMs: number; frames: number }> {
  await page.evaluate(RECORD_FRAMES);
  await page.mouse.move(width / 2, 400);
  for (let step = 0; step < 400; step++) {
    await page.mouse.wheel(0, 600);
    if (await page.evaluate(IS_AT_BOTTOM)) break;
  }
  return (await page.evaluate(FRAMES_RECORDED)) as { slowFrames: number; worstFrameMs: number; frames: number };
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
    await page.addInitScript({ content: WATCH_LONG_TASKS });
    await page.goto(`${baseUrl}/results?pageSize=1000`);
    first.push(await waitForPage(page, 1, 0));
    const since = (await page.evaluate('performance.now()')) as number;
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
