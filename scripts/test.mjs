// `npm test`: every check the project has, in the order that fails fastest.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDebianPackage } from './debian-package.mjs';
import { ensureHaproxy } from './haproxy.mjs';
import { ensureWebBuild } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CHROMIUM = '/usr/bin/chromium';
export const PROMETHEUS = '/usr/bin/prometheus';

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
// The cluster test runs two server processes behind HAProxy.
ensureHaproxy();
step('Typecheck', 'npm', ['run', 'typecheck']);
step('Lint and format (Biome)', 'npm', ['run', 'lint']);
step('Imports follow the house rules (dependency-cruiser, no folder loops)', 'npm', ['run', 'check:deps']);
step('No high or critical advisories in runtime dependencies (npm audit)', 'node', ['scripts/audit.mjs']);
step('OpenAPI document is current', 'npm', ['run', 'openapi', '--', '--check']);
step('Unit and API tests (Vitest, real PostgreSQL)', 'npm', ['run', 'test:unit']);
step('Two server processes behind HAProxy (kill, rolling restart, orders)', 'npm', ['run', 'test:cluster']);
ensureWebBuild({ force: true });
step('Browser journeys (Playwright, Debian chromium)', 'npm', ['run', 'test:e2e']);
process.stdout.write('\nAll checks passed.\n');
