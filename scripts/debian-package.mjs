// Debian packages the project's commands need (chromium, prometheus, haproxy), installed when missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

let isAptUpdated = false;

/**
 * Installs a Debian package a test needs when its program is missing (as root; otherwise says how and stops):
 * `apt-get update` once, then the package, without its recommendations unless `withRecommends`.
 */
export function ensureDebianPackage({ program, name, usedBy, withRecommends = false }) {
  if (existsSync(program)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    process.stderr.write(
      `${usedBy} need Debian's ${name} at ${program}. Install it with:\n\n  sudo apt-get install -y ${withRecommends ? '' : '--no-install-recommends '}${name}\n\nthen run the command again.\n`,
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
      process.stderr.write(`apt-get ${args.join(' ')} failed; install ${name} and run the command again.\n`);
      process.exit(1);
    }
  }
  isAptUpdated = true;
}
