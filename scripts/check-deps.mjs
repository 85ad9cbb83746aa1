// `npm run check:deps`: the house's import rules (.dependency-cruiser.cjs) and no loop between folders: server
// modules, web features and the top folders of each app. What was already broken when the rules were written is
// listed (`.dependency-cruiser-known-violations.json`, `scripts/known-folder-loops.json`) and may only shrink: any
// other violation or loop fails the check. `--update-known` writes today's lists (after removing one, not to add).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const KNOWN_VIOLATIONS = '.dependency-cruiser-known-violations.json';
const KNOWN_LOOPS = path.join('scripts', 'known-folder-loops.json');
const updateKnown = process.argv.includes('--update-known');
const depcruise = path.join(root, 'node_modules', '.bin', 'depcruise');

function cruise(extra) {
  const args = ['apps', 'packages', 'bench', 'e2e', '--config', '.dependency-cruiser.cjs', ...extra];
  const result = spawnSync(depcruise, args, { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (result.error) throw result.error;
  return result;
}

/** The folder a file counts for: a server module, a web feature, or an app's top folder. */
function folderOf(file) {
  const match =
    /^(apps\/server\/src\/modules\/[^/]+)\//.exec(file) ??
    /^(apps\/web\/src\/features\/[^/]+)\//.exec(file) ??
    /^(apps\/(?:server|web)\/src\/[^/.]+)\//.exec(file);
  return match?.[1];
}

/** Groups of folders that import each other around a loop (Tarjan's strongly connected components). */
function folderLoops(modules) {
  const edges = new Map();
  for (const module of modules) {
    const from = folderOf(module.source);
    if (from === undefined) continue;
    for (const dependency of module.dependencies) {
      const to = folderOf(dependency.resolved);
      if (to === undefined || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from).add(to);
    }
  }
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const loops = [];
  const visit = (folder) => {
    index.set(folder, index.size);
    low.set(folder, index.get(folder));
    stack.push(folder);
    onStack.add(folder);
    for (const next of edges.get(folder) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(folder, Math.min(low.get(folder), low.get(next)));
      } else if (onStack.has(next)) low.set(folder, Math.min(low.get(folder), index.get(next)));
    }
    if (low.get(folder) !== index.get(folder)) return;
    const loop = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      loop.push(member);
    } while (member !== folder);
    if (loop.length > 1) loops.push(loop.sort());
  };
  for (const folder of edges.keys()) if (!index.has(folder)) visit(folder);
  return loops.sort((a, b) => a[0].localeCompare(b[0]));
}

if (updateKnown) {
  const baseline = cruise(['--output-type', 'baseline']);
  writeFileSync(path.join(root, KNOWN_VIOLATIONS), baseline.stdout);
}
const result = cruise(['--ignore-known', KNOWN_VIOLATIONS, '--output-type', 'json']);
const report = JSON.parse(result.stdout);
const violations = report.summary.violations.filter((violation) => violation.rule.severity === 'error');
const loops = folderLoops(report.modules);
if (updateKnown) {
  writeFileSync(path.join(root, KNOWN_LOOPS), `${JSON.stringify(loops, null, 2)}\n`);
  // In the house's format, so that the lint step takes them as written.
  spawnSync(path.join(root, 'node_modules', '.bin', 'biome'), ['format', '--write', KNOWN_VIOLATIONS, KNOWN_LOOPS], {
    cwd: root,
  });
}
const knownLoops = JSON.parse(readFileSync(path.join(root, KNOWN_LOOPS), 'utf8'));
const newLoops = loops.filter((loop) => !knownLoops.some((known) => loop.every((folder) => known.includes(folder))));

let failed = false;
for (const violation of violations) {
  failed = true;
  const via = violation.cycle ? ` (loop: ${violation.cycle.map((step) => step.name ?? step).join(' -> ')})` : '';
  process.stderr.write(`${violation.rule.name}: ${violation.from} -> ${violation.to}${via}\n`);
}
for (const loop of newLoops) {
  failed = true;
  process.stderr.write(`folder loop: ${loop.join(', ')} import each other around a loop\n`);
}
const known = report.summary.ignore ?? 0;
process.stdout.write(
  `${report.summary.totalCruised} files, ${report.summary.totalDependenciesCruised} imports: ${violations.length} new rule violation(s), ${newLoops.length} new folder loop(s); ${known} known violation(s) and ${knownLoops.length} known folder loop(s) left to remove.\n`,
);
if (failed) {
  process.stderr.write('\nAn import breaks the house rules (.dependency-cruiser.cjs): point it down the floors.\n');
  process.exit(1);
}
