import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'packages/contracts/src',
];
const BUILT = path.join(root, 'apps/web/dist/index.html');

function newestModification(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestModification(path.join(target, entry)));
  return newest;
}

/** True when the web build is missing or older than any of its sources. */
export function isWebBuildStale() {
  if (!existsSync(BUILT)) return true;
  const builtAt = statSync(BUILT).mtimeMs;
  return SOURCES.some((source) => newestModification(path.join(root, source)) > builtAt);
}

/** Builds the web app when its build is missing or stale; exits the process when the build fails. */
export function ensureWebBuild({ force = false } = {}) {
  if (!force && !isWebBuildStale()) return false;
  process.stdout.write('Building the web app...\n');
  const result = spawnSync('npm', ['run', 'build', '-w', '@dsm/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write('The web app did not build; see the messages above.\n');
    process.exit(result.status ?? 1);
  }
  return true;
}
