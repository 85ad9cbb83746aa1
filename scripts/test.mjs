// `npm test`: every check the project has, in the order that fails fastest.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuild } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CHROMIUM = '/usr/bin/chromium';
export const PROMETHEUS = '/usr/bin/prometheus';

let isAptUpdated = false;

/**
 * Installs a Debian package a test needs when its program is missing (as root; otherwise says how and stops):
 * `apt-get update` once, then the package, without its recommendations unless `withRecommends`.
 */
function ensureDebianPackage({ program, name, usedBy, withRecommends = false }) {
  if (existsSync(program)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    process.stderr.write(
      `${usedBy} need Debian's ${name} at ${program}. Install it with:\n\n  sudo apt-get install -y ${withRecommends ? '' : '--no-install-recommends '}${name}\n\nthen run npm test again.\n`,
    );
    process.exit(1);
  }
  process.stdout.write(`Installing Debian's ${name} for ${usedBy.toLowerCase()}...\n`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const steps = isAptUpdated ? [] : [['update']];
  const install = ['install', '-y', ...(withRecommends ? [] : ['--no-install-recommends']), name];
  for (const args of [...steps, install]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      process.stderr.write(`apt-get ${args.join(' ')} failed; install ${name} and run npm test again.\n`);
      process.exit(1);
    }
  }
  isAptUpdated = true;
}

function step(name, command, args) {
  const started = Date.now();
  process.stdout.write(`\n=== ${name}\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '1' } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    process.stderr.write(`\n${name} failed after ${seconds} s.\n`);
    process.exit(result.status ?? 1);
  }
  process.stdout.write(`=== ${name}: passed in ${seconds} s\n`);
}

ensureDebianPackage({ program: CHROMIUM, name: 'chromium', usedBy: 'The browser tests', withRecommends: true });
// The metrics test (apps/server/src/lib/metrics.api.test.ts) scrapes the server with a real Prometheus.
ensureDebianPackage({ program: PROMETHEUS, name: 'prometheus', usedBy: 'The metrics tests' });
step('Typecheck', 'npm', ['run', 'typecheck']);
step('Lint and format (Biome)', 'npm', ['run', 'lint']);
step('Imports follow the house rules (dependency-cruiser, no folder loops)', 'npm', ['run', 'check:deps']);
step('No high or critical advisories in runtime dependencies (npm audit)', 'node', ['scripts/audit.mjs']);
step('OpenAPI document is current', 'npm', ['run', 'openapi', '--', '--check']);
step('Unit and API tests (Vitest, real PostgreSQL)', 'npm', ['run', 'test:unit']);
ensureWebBuild({ force: true });
step('Browser journeys (Playwright, Debian chromium)', 'npm', ['run', 'test:e2e']);
process.stdout.write('\nAll checks passed.\n');
