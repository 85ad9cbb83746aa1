// `npm run bench:web`: web performance budgets. Builds the web app, starts the real server with the
// demo catalogue on a port and data folder of its own, signs the demo buyer in once in Debian's
// chromium, and runs Lighthouse (default mobile settings: simulated slow 4G and 4x CPU slowdown) on
// home, results (100 items) and an offer's details page in that signed-in browser. Prints a Markdown
// table with the initial JavaScript of the build (gzip) and each page's scores.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import lighthouse, { type Result } from 'lighthouse';
import { type BrowserContext, type CDPSession, chromium } from 'playwright-core';
import { DEMO_USERS } from '../apps/server/src/modules/users/demo-users';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '8197' },
    'cdp-port': { type: 'string', default: '9337' },
    runs: { type: 'string', default: '3' },
    'skip-build': { type: 'boolean', default: false },
    /** A folder to write each Lighthouse report to (JSON), for looking into a score. */
    'save-reports': { type: 'string' },
    /** Only the pages whose name starts with this: home, results or offer. */
    only: { type: 'string' },
    /**
     * An empty PostgreSQL database to seed and serve from instead of the embedded one, for a machine so
     * busy that the embedded cluster's connections time out while the demo catalogue is seeded.
     */
    'database-url': { type: 'string', default: '' },
  },
});
const port = Number(args.port);
const cdpPort = Number(args['cdp-port']);
const runs = Number(args.runs);
const baseUrl = `http://127.0.0.1:${port}`;
const dataDir = path.join(root, '.data', 'bench-web');
/** The measured build, copied out of apps/web/dist (bench/web-server.ts). */
const distDir = path.join(root, '.data', 'bench-web-dist');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const buyer = DEMO_USERS.find((user) => user.email === 'buyer@example.com') as (typeof DEMO_USERS)[number];
/** The budgets of issue 8. */
const BUDGET = { score: 95, initialJsKb: 200 };

/** Entry script plus the chunks index.html preloads: what every first visit downloads before any page code. */
function initialJavaScript(): { files: number; gzipKb: number } {
  const dist = distDir;
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1] as string);
  const bytes = scripts.reduce(
    (sum, file) => sum + gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length,
    0,
  );
  return { files: scripts.length, gzipKb: bytes / 1024 };
}

async function startServer(): Promise<ChildProcess> {
  rmSync(dataDir, { recursive: true, force: true });
  const server = spawn(process.execPath, ['--import', 'tsx', 'bench/web-server.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: args['database-url'],
      // The embedded mode's demo files and sandbox connectors, with an external database too: the
      // offer page's data preview reads a demo file.
      DEMO_DATA: 'true',
      SANDBOX_CONNECTORS: 'true',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: distDir,
    },
  });
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  server.kill();
  throw new Error('the server did not become ready in 240 s');
}

type TRun = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  scriptKb: number;
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

async function main(): Promise<void> {
  if (!args['skip-build']) execFileSync('npm', ['run', 'build', '-w', '@dsm/web'], { cwd: root, stdio: 'ignore' });
  rmSync(distDir, { recursive: true, force: true });
  cpSync(path.join(root, 'apps', 'web', 'dist'), distDir, { recursive: true });
  const initial = initialJavaScript();
  const server = await startServer();
  const profile = path.join(os.tmpdir(), `bench-web-${process.pid}`);
  try {
    // A persistent context is the browser's default context, the one Lighthouse opens its tabs in, so
    // the sign-in cookie of the identity provider is shared with every audited page.
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromePath,
      headless: true,
      args: [
        `--remote-debugging-port=${cdpPort}`,
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    try {
      await measure(context, initial);
    } finally {
      await context.close();
    }
  } finally {
    server.kill();
    rmSync(profile, { recursive: true, force: true });
  }
}

/**
 * One Lighthouse run on a first visit (storage stays, it holds the sign-in; the HTTP cache goes). A run
 * whose trace Lighthouse could not read (NO_NAVSTART and the like: no scores) is run again, up to
 * twice, rather than counted as a score of 0.
 */
/** The trace of the last Lighthouse run, written beside its report with `--save-reports`. */
let lastTrace: unknown;

async function audit(cdp: CDPSession, route: string): Promise<Result> {
  for (let attempt = 1; ; attempt += 1) {
    await cdp.send('Network.clearBrowserCache');
    const result = await lighthouse(`${baseUrl}${route}`, {
      port: cdpPort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      disableStorageReset: true,
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${route}`);
    lastTrace = result.artifacts.Trace;
    if (!lhr.runtimeError || attempt === 3) return lhr;
    console.error(`${route}: ${lhr.runtimeError.code}, running again`);
  }
}

async function measure(context: BrowserContext, initial: { files: number; gzipKb: number }): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/`);
  await page.waitForURL(/\/idp\/realms\/dsRealm\//);
  await page.getByLabel(/e-?mail/i).fill(buyer.email);
  await page.getByLabel(/^(password|passwort)$/i).fill(buyer.password);
  await page.getByRole('button', { name: /^(sign in|anmelden)$/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/idp/'));
  await page.goto(`${baseUrl}/results?searchText=daten`);
  await page.locator('[data-testid="result-card"]').first().click();
  await page.waitForURL(/\/offer\/details\//);
  const detailsPath = new URL(page.url()).pathname;
  const cdp = await context.newCDPSession(page);

  const targets: [string, string][] = [
    ['home', '/'],
    ['results, 100 items', '/results?searchText=daten&pageSize=100'],
    ['offer details', detailsPath],
  ];
  const rows: string[] = [];
  const reportDir = args['save-reports'];
  if (reportDir) mkdirSync(reportDir, { recursive: true });
  for (const [name, route] of targets) {
    if (args.only && !name.startsWith(args.only)) continue;
    const measured: TRun[] = [];
    for (let run = 0; run < runs; run += 1) {
      const lhr = await audit(cdp, route);
      if (reportDir) {
        writeFileSync(path.join(reportDir, `${name.split(/[ ,]/)[0]}-${run}.json`), JSON.stringify(lhr));
        // The page's trace beside its report: it opens in Chromium's performance panel.
        writeFileSync(
          path.join(reportDir, `${name.split(/[ ,]/)[0]}-${run}.trace.json`),
          JSON.stringify(lastTrace ?? {}),
        );
      }
      const requests =
        (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] })
          ?.items ?? [];
      measured.push({
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        bestPractices: Math.round((lhr.categories['best-practices']?.score ?? 0) * 100),
        fcpMs: lhr.audits['first-contentful-paint']?.numericValue ?? 0,
        lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
        tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? 0,
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? 0,
        scriptKb:
          requests
            .filter((request) => request.resourceType === 'Script')
            .reduce((sum, request) => sum + (request.transferSize ?? 0), 0) / 1024,
      });
      const failing = Object.values(lhr.audits).filter(
        (audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === 'binary',
      );
      if (run === 0 && failing.length > 0) {
        console.error(`${name}: ${failing.map((audit) => audit.id).join(', ')}`);
      }
    }
    const pick = (key: keyof TRun) => median(measured.map((run) => run[key]));
    rows.push(
      `| ${name} | ${pick('performance')} | ${pick('accessibility')} | ${pick('bestPractices')} | ${Math.round(pick('fcpMs'))} | ${Math.round(pick('lcpMs'))} | ${Math.round(pick('tbtMs'))} | ${pick('cls').toFixed(3)} | ${pick('scriptKb').toFixed(0)} |`,
    );
  }
  const machine = `${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, ${execFileSync(chromePath, ['--version']).toString().trim()}`;
  console.log(`Machine: ${machine}`);
  console.log(
    `Initial JavaScript: ${initial.gzipKb.toFixed(1)} KB gzip in ${initial.files} files (budget ${BUDGET.initialJsKb} KB: ${initial.gzipKb <= BUDGET.initialJsKb ? 'met' : 'missed'})`,
  );
  console.log(`Lighthouse ${runs} runs per page, medians; budget ${BUDGET.score} for each score.\n`);
  console.log(
    '| page | performance | accessibility | best practices | FCP ms | LCP ms | TBT ms | CLS | script KB transferred |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
}

await main();
