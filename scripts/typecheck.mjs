// Type-checks every workspace that has a tsconfig.json, as many at a time as the machine has cores.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const folders = workspaces.flatMap((pattern) => {
  if (!pattern.endsWith('/*')) return [pattern];
  const parent = pattern.slice(0, -2);
  return spawnSync('ls', [path.join(root, parent)], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter(Boolean)
    .map((name) => `${parent}/${name}`);
});
const checked = folders.filter((folder) => existsSync(path.join(root, folder, 'tsconfig.json')));

/** Runs tsc on one workspace; its output is printed in one piece when it ends. */
function check(folder) {
  return new Promise((resolve) => {
    const child = spawn(path.join(root, 'node_modules/.bin/tsc'), ['-p', folder, '--pretty'], { cwd: root });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (status) => {
      process.stdout.write(Buffer.concat(output));
      process.stdout.write(`${status === 0 ? 'ok  ' : 'FAIL'} ${folder}\n`);
      resolve(status === 0);
    });
  });
}

const queue = [...checked];
const slots = Math.max(1, Math.min(os.availableParallelism(), queue.length));
const results = await Promise.all(
  Array.from({ length: slots }, async () => {
    let ok = true;
    for (let folder = queue.shift(); folder; folder = queue.shift()) ok = (await check(folder)) && ok;
    return ok;
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
