// Type-checks every workspace that has a tsconfig.json, one after the other.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
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
let failed = false;
for (const folder of folders) {
  if (!existsSync(path.join(root, folder, 'tsconfig.json'))) continue;
  const result = spawnSync(path.join(root, 'node_modules/.bin/tsc'), ['-p', folder], { cwd: root, stdio: 'inherit' });
  process.stdout.write(`${result.status === 0 ? 'ok  ' : 'FAIL'} ${folder}\n`);
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
