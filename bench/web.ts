// `npm run bench:web`: web performance budgets. Builds the web app, starts the real server with the
// demo catalogue on a port and data folder of its own, signs the demo buyer in once in Debian's
// chromium, and runs Lighthouse on home, results (100 items) and an offer's details page in that
// signed-in browser, with the default mobile settings (simulated slow 4G and 4x CPU slowdown) and with
// Lighthouse's desktop preset. Prints a Markdown table with the initial JavaScript of the build (gzip)
// and each page's medians.
//
// `--baseline <commit>` measures that commit's build beside this one in the same run: the commit is
// checked out in a git worktree under .data/, its web app built there (with this tree's node_modules
// linked in, or its own `npm install` when that build fails) and served by its own server, on the next
// port and address 127.0.0.2 (a host of its own, so the two sign-in cookies do not meet). The runs of
// the two builds alternate, page by page, so the machine's load falls on both alike.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import lighthouse, { type Config, type Result } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { type BrowserContext, type CDPSession, chromium } from 'playwright-core';
import { DEMO_USERS } from '../apps/server/src/modules/users/demo-users';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/fixtures/chromium';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '8197' },
    'cdp-port': { type: 'string', default: '9337' },
    runs: { type: 'string', default: '3' },
    'skip-build': { type: 'boolean', default: false },
    /** A commit whose build is measured beside this one, in the same run (e.g. 128e35e). */
    baseline: { type: 'string' },
    /** The baseline server's port (on 127.0.0.2); the next one after --port unless given. */
    'baseline-port': { type: 'string' },
    /** Which Lighthouse settings: mobile, desktop or both (the default). */
    presets: { type: 'string', default: 'mobile,desktop' },
    /** A folder to write each Lighthouse report to (JSON), for looking into a score. */
    'save-reports': { type: 'string' },
    /** Only the pages whose name starts with this: home, results or offer. */
    only: { type: 'string' },
    /**
     * An empty PostgreSQL database to seed and serve from instead of the embedded one, for a machine so
     * busy that the embedded cluster's connections time out while the demo catalogue is seeded.
     */
    'database-url': { type: 'string', default: '' },
    /** The same for the baseline's server: a database of its own (its migrations are older). */
    'baseline-database-url': { type: 'string', default: '' },
  },
});
const port = Number(args.port);
const cdpPort = Number(args['cdp-port']);
const runs = Number(args.runs);
const baselinePort = Number(args['baseline-port'] ?? port + 1);
const chromePath = process.env.CHROME_PATH ?? CHROMIUM_PATH;
const buyer = DEMO_USERS.find((user) => user.email === 'buyer@example.com') as (typeof DEMO_USERS)[number];
/** The budgets of issue 8 (initial JavaScript) and issue 37 (scores by preset). */
const BUDGET = { initialJsKb: 200, score: { mobile: 90, desktop: 98 } as Record<string, number> };
const PRESETS: Record<string, Config | undefined> = { mobile: undefined, desktop: desktopConfig };
const presets = args.presets.split(',').filter((preset) => preset in PRESETS);

/** One build under measurement: its source tree, the copy of its web build, its server. */
type TBuild = {
  name: string;
  /** The tree whose server and build this is: the repository itself or the baseline's worktree. */
  tree: string;
  origin: string;
  port: number;
  host: string;
  distDir: string;
  dataDir: string;
  databaseUrl: string;
  initial?: { files: number; gzipKb: number };
  server?: ChildProcess;
  detailsPath?: string;
};

/** Entry script plus the chunks index.html preloads: what every first visit downloads before any page code. */
function initialJavaScript(dist: string): { files: number; gzipKb: number } {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1] as string);
  const bytes = scripts.reduce(
    (sum, file) => sum + gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length,
    0,
  );
  return { files: scripts.length, gzipKb: bytes / 1024 };
}

const shortCommit = (tree: string) =>
  execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: tree }).toString().trim();

function buildWeb(tree: string): void {
  execFileSync('npm', ['run', 'build', '-w', '@dsm/web'], { cwd: tree, stdio: 'ignore' });
}

/** Checks the baseline commit out under .data/ (once) and builds its web app there. */
function prepareBaseline(commit: string): string {
  const tree = path.join(root, '.data', `bench-web-baseline-${commit}`);
  if (!existsSync(path.join(tree, 'package.json'))) {
    execFileSync('git', ['worktree', 'add', '--detach', tree, commit], { cwd: root, stdio: 'ignore' });
  }
  // The baseline's own packages, from its own lockfile (`npm install`: an old lockfile may miss optional ones): with this tree's (a newer zod, say) its
  // web app builds but reads its server's answers differently ("the server answered in an unexpected form").
  if (!existsSync(path.join(tree, 'node_modules', '.package-lock.json'))) {
    rmSync(path.join(tree, 'node_modules'), { recursive: true, force: true });
    execFileSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: tree, stdio: 'ignore' });
  }
  if (args['skip-build'] && existsSync(path.join(tree, 'apps', 'web', 'dist', 'index.html'))) return tree;
  buildWeb(tree);
  return tree;
}

async function startServer(build: TBuild): Promise<ChildProcess> {
  // The search index lives in the data folder: with an external database, which keeps its catalogue
  // from run to run (seeded once), the folder stays too.
  if (!build.databaseUrl) rmSync(build.dataDir, { recursive: true, force: true });
  const server = spawn(process.execPath, ['--import', 'tsx', 'bench/web-server.ts'], {
    cwd: build.tree,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(build.port),
      HOST: build.host,
      PUBLIC_URL: build.origin,
      DATA_DIR: build.dataDir,
      DATABASE_URL: build.databaseUrl,
      // The embedded mode's demo files and sandbox connectors, with an external database too: the
      // offer page's data preview reads a demo file.
      DEMO_DATA: 'true',
      SANDBOX_CONNECTORS: 'true',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: build.distDir,
    },
  });
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`${build.name}: the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${build.origin}/readyz`)).ok) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  server.kill();
  throw new Error(`${build.name}: the server did not become ready in 300 s`);
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
  benchmarkIndex: number;
  load: number;
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

async function main(): Promise<void> {
  const builds: TBuild[] = [];
  if (!args['skip-build']) buildWeb(root);
  builds.push({
    name: `this build (${shortCommit(root)}${execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root }).length > 0 ? ', with uncommitted changes' : ''})`,
    tree: root,
    host: '127.0.0.1',
    port,
    origin: `http://127.0.0.1:${port}`,
    distDir: path.join(root, '.data', 'bench-web-dist'),
    dataDir: path.join(root, '.data', 'bench-web'),
    databaseUrl: args['database-url'],
  });
  // The measured build, copied out of apps/web/dist (bench/web-server.ts).
  rmSync(builds[0]!.distDir, { recursive: true, force: true });
  cpSync(path.join(root, 'apps', 'web', 'dist'), builds[0]!.distDir, { recursive: true });
  if (args.baseline) {
    const tree = prepareBaseline(args.baseline);
    const build: TBuild = {
      name: shortCommit(tree),
      tree,
      host: '127.0.0.2',
      port: baselinePort,
      origin: `http://127.0.0.2:${baselinePort}`,
      distDir: path.join(root, '.data', 'bench-web-dist-baseline'),
      dataDir: path.join(root, '.data', 'bench-web-baseline-data'),
      databaseUrl: args['baseline-database-url'],
    };
    rmSync(build.distDir, { recursive: true, force: true });
    cpSync(path.join(tree, 'apps', 'web', 'dist'), build.distDir, { recursive: true });
    builds.push(build);
  }
  for (const build of builds) build.initial = initialJavaScript(build.distDir);
  const profile = path.join(os.tmpdir(), `bench-web-${process.pid}`);
  try {
    // One after the other: seeding two demo catalogues at once doubles the load the first runs meet.
    for (const build of builds) build.server = await startServer(build);
    // A persistent context is the browser's default context, the one Lighthouse opens its tabs in, so
    // the sign-in cookie of the identity provider is shared with every audited page.
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromePath,
      headless: true,
      args: [`--remote-debugging-port=${cdpPort}`, ...CHROMIUM_ARGS],
    });
    try {
      await measure(context, builds);
    } finally {
      await context.close();
    }
  } finally {
    for (const build of builds) build.server?.kill();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** The last trace of a Lighthouse run, written beside its report with `--save-reports`. */
let lastTrace: unknown;

/**
 * One Lighthouse run on a first visit (storage stays, it holds the sign-in; the HTTP cache goes). A run
 * whose trace Lighthouse could not read (NO_NAVSTART and the like: no scores) is run again, up to
 * twice, rather than counted as a score of 0.
 */
async function audit(cdp: CDPSession, url: string, preset: string): Promise<Result> {
  for (let attempt = 1; ; attempt += 1) {
    await cdp.send('Network.clearBrowserCache');
    const result = await lighthouse(
      url,
      {
        port: cdpPort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        disableStorageReset: true,
      },
      PRESETS[preset],
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
    lastTrace = result.artifacts.Trace;
    if (!lhr.runtimeError || attempt === 3) return lhr;
    console.error(`${url}: ${lhr.runtimeError.code}, running again`);
  }
}

/** Signs the demo buyer in on a build's origin and finds the offer whose details page is measured. */
async function signIn(context: BrowserContext, build: TBuild): Promise<void> {
  const page = await context.newPage();
  // On a busy machine the identity provider's redirects and the app's start take well over 30 s.
  page.setDefaultTimeout(180_000);
  page.setDefaultNavigationTimeout(180_000);
  await page.goto(`${build.origin}/`);
  await page.waitForURL(/\/idp\/realms\/dsRealm\//);
  await page.getByLabel(/e-?mail/i).fill(buyer.email);
  await page.getByLabel(/^(password|passwort)$/i).fill(buyer.password);
  await page.getByRole('button', { name: /^(sign in|anmelden)$/i }).click();
  // Home drawn: the sign-in's callback has stored the session (leaving it earlier can lose it).
  await page.locator('[data-testid="topic-card"]').first().waitFor();
  try {
    await page.goto(`${build.origin}/results?searchText=daten`);
    await page.locator('[data-testid="result-card"]').first().click();
    await page.waitForURL(/\/offer\/details\//);
  } catch (error) {
    // What the page showed instead of a result to open, for finding out why.
    const shot = path.join(root, '.data', `bench-web-sign-in-${build.name.replace(/\W+/g, '-')}.png`);
    await page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
    throw new Error(`${build.name}: no offer to open on ${page.url()} (the page as it was: ${shot})`, { cause: error });
  }
  build.detailsPath = new URL(page.url()).pathname;
  await page.close();
}

function toRun(lhr: Result, load: number): TRun {
  const requests =
    (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] })
      ?.items ?? [];
  return {
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
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? 0,
    load,
  };
}

async function measure(context: BrowserContext, builds: TBuild[]): Promise<void> {
  for (const build of builds) await signIn(context, build);
  const cdpPage = await context.newPage();
  const cdp = await context.newCDPSession(cdpPage);
  const pages: [string, (build: TBuild) => string][] = [
    ['home', () => '/'],
    ['results, 100 items', () => '/results?searchText=daten&pageSize=100'],
    ['offer details', (build) => build.detailsPath as string],
  ];
  const reportDir = args['save-reports'];
  if (reportDir) mkdirSync(reportDir, { recursive: true });
  const loadAtStart = os.loadavg();
  const measured = new Map<string, TRun[]>();
  const key = (build: TBuild, page: string, preset: string) => `${build.name}|${page}|${preset}`;
  for (let run = 0; run < runs; run += 1) {
    for (const [name, route] of pages) {
      if (args.only && !name.startsWith(args.only)) continue;
      for (const preset of presets) {
        // Alternating which build goes first, so neither always meets the other's leftovers.
        const order = run % 2 === 0 ? builds : [...builds].reverse();
        for (const build of order) {
          const lhr = await audit(cdp, `${build.origin}${route(build)}`, preset);
          const file = `${builds.indexOf(build) === 0 ? 'this' : 'baseline'}-${name.split(/[ ,]/)[0]}-${preset}-${run}`;
          if (reportDir) {
            writeFileSync(path.join(reportDir, `${file}.json`), JSON.stringify(lhr));
            // The page's trace beside its report: it opens in Chromium's performance panel.
            writeFileSync(path.join(reportDir, `${file}.trace.json`), JSON.stringify(lastTrace ?? {}));
          }
          const result = toRun(lhr, os.loadavg()[0] as number);
          measured.set(key(build, name, preset), [...(measured.get(key(build, name, preset)) ?? []), result]);
          console.error(
            `${file}: performance ${result.performance}, TBT ${Math.round(result.tbtMs)} ms, LCP ${Math.round(result.lcpMs)} ms, load ${result.load.toFixed(1)}`,
          );
          const failing = Object.values(lhr.audits).filter(
            (audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === 'binary',
          );
          if (run === 0 && failing.length > 0) {
            console.error(`${file}: ${failing.map((audit) => audit.id).join(', ')}`);
          }
        }
      }
    }
    // The table so far after every round, so a run cut short still leaves its medians.
    report(builds, pages, measured, loadAtStart, run + 1);
  }
}

/**
 * Whether the runs tell the builds apart: a difference of medians smaller than the runs' own spread is not one
 * (the same build in both places differs by up to 9 points on a two-core machine, docs/performance.md).
 */
function spreadVerdict(own: number[], other: number[]): string {
  const spread = (values: number[]) => `${Math.min(...values)}-${Math.max(...values)}`;
  const runs = `runs ${spread(own)} against ${spread(other)}`;
  if (new Set([...own, ...other]).size === 1) return `${runs}: the same in every run`;
  if (Math.min(...own) > Math.max(...other)) return `${runs}: higher in every run`;
  if (Math.max(...own) < Math.min(...other)) return `${runs}: lower in every run`;
  return `${runs}: the runs overlap, no difference beyond their spread`;
}

function report(
  builds: TBuild[],
  pages: [string, unknown][],
  measured: Map<string, TRun[]>,
  loadAtStart: number[],
  rounds: number,
): void {
  const key = (build: TBuild, page: string, preset: string) => `${build.name}|${page}|${preset}`;
  const all = [...measured.values()].flat();
  const range = (values: number[], digits = 0) =>
    `${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)}`;
  const machine = `${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, ${execFileSync(chromePath, ['--version']).toString().trim()}`;
  console.log(`Machine: ${machine}`);
  console.log(
    `Load average (1 min): ${loadAtStart[0]?.toFixed(1)} at the start, ${range(
      all.map((run) => run.load),
      1,
    )} after the runs; Lighthouse CPU benchmark index ${range(all.map((run) => run.benchmarkIndex))}`,
  );
  for (const build of builds) {
    const initial = build.initial as { files: number; gzipKb: number };
    console.log(
      `Initial JavaScript of ${build.name}: ${initial.gzipKb.toFixed(1)} KB gzip in ${initial.files} files (budget ${BUDGET.initialJsKb} KB: ${initial.gzipKb <= BUDGET.initialJsKb ? 'met' : 'missed'})`,
    );
  }
  console.log(`Lighthouse ${rounds} of ${runs} runs per page, build and preset, interleaved; medians.\n`);
  console.log(
    '| build | page | preset | performance | accessibility | best practices | FCP ms | LCP ms | TBT ms | CLS | script KB transferred |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  const verdicts: string[] = [];
  for (const [name] of pages) {
    for (const preset of presets) {
      const scores: number[] = [];
      const runScores: number[][] = [];
      for (const build of builds) {
        const list = measured.get(key(build, name, preset));
        if (!list) continue;
        const pick = (field: keyof TRun) => median(list.map((run) => run[field]));
        scores.push(pick('performance'));
        runScores.push(list.map((run) => run.performance));
        console.log(
          `| ${build.name} | ${name} | ${preset} | ${pick('performance')} | ${pick('accessibility')} | ${pick('bestPractices')} | ${Math.round(pick('fcpMs'))} | ${Math.round(pick('lcpMs'))} | ${Math.round(pick('tbtMs'))} | ${pick('cls').toFixed(3)} | ${pick('scriptKb').toFixed(0)} |`,
        );
      }
      if (scores.length === 0) continue;
      const [score, baseline] = scores as [number, number | undefined];
      const target = BUDGET.score[preset] as number;
      verdicts.push(
        `${name}, ${preset}: ${score} against the target of ${target} (${score >= target ? 'met' : `missed by ${target - score}`})${
          baseline === undefined
            ? ''
            : `; ${score > baseline ? 'beats' : score === baseline ? 'ties with' : 'behind'} ${builds[1]?.name} (${baseline}); ${spreadVerdict(runScores[0] ?? [], runScores[1] ?? [])}`
        }`,
      );
    }
  }
  console.log(`\n${verdicts.join('\n')}\n`);
}

await main();
