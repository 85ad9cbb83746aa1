// `npx tsx bench/preview-zip-bomb.ts [--padding-mb 1024] [--hidden]`: the peak memory (max RSS) of previewing an XLSX zip
// bomb, a workbook of about a megabyte whose first sheet unzips to `--padding-mb` more. Each way runs in a child
// process of its own, so one's heap does not count for the other: `exceljs` loading the workbook whole (the
// preview before the size check) and the preview's reading with its check (`checkZipSize`, then exceljs only
// for a workbook within the limit). A child killed by the system or out of heap reports that instead of a number.

import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';

const { values: args } = parseArgs({
  options: {
    'padding-mb': { type: 'string', default: '1024' },
    /** The zip's directory states 1 KB per entry, so only inflating tells the size. */
    hidden: { type: 'boolean', default: false },
    child: { type: 'string' },
    file: { type: 'string' },
  },
});
/** The preview's default byte limit (PREVIEW_MAX_BYTES). */
const MAX_BYTES = 5 * 1024 * 1024;

async function child(way: string, file: string): Promise<void> {
  const bytes = await readFile(file);
  const started = performance.now();
  let outcome: string;
  try {
    if (way === 'whole') {
      const { default: Excel } = await import('exceljs');
      const workbook = new Excel.Workbook();
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
      outcome = `loaded, ${workbook.worksheets[0]?.actualRowCount ?? 0} rows`;
    } else {
      const { checkZipSize } = await import('../apps/server/src/modules/previews/check-zip-size');
      const { XLSX_MAX_ENTRIES, XLSX_UNZIP_FACTOR } = await import(
        '../apps/server/src/modules/previews/preview-of-source'
      );
      await checkZipSize(bytes, { maxEntries: XLSX_MAX_ENTRIES, maxUncompressedBytes: MAX_BYTES * XLSX_UNZIP_FACTOR });
      outcome = 'passed the check';
    }
  } catch (error) {
    outcome = `refused: ${(error as Error).message}`;
  }
  const maxRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
  console.log(JSON.stringify({ way, outcome, maxRssMb, ms: Math.round(performance.now() - started) }));
}

async function main(): Promise<void> {
  if (args.child && args.file) return child(args.child, args.file);
  const { makeZipBomb } = await import('../apps/server/src/modules/previews/zip-bomb-fixture');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Messwerte');
  sheet.addRow(['station', 'reading']);
  for (let index = 1; index <= 120; index++) sheet.addRow([`S${index}`, index + 0.25]);
  const paddingBytes = Number(args['padding-mb']) * 1024 * 1024;
  const bomb = await makeZipBomb({
    workbook: Buffer.from(await workbook.xlsx.writeBuffer()),
    paddingBytes,
    isSizeHidden: args.hidden,
  });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dsm-zip-bomb-'));
  const file = path.join(dir, 'bomb.xlsx');
  await writeFile(file, bomb);
  console.log(
    `zip bomb: ${(bomb.length / 1024).toFixed(0)} KB unzipping to ${args['padding-mb']} MB more${args.hidden ? ', sizes hidden' : ''}`,
  );
  try {
    for (const way of ['whole', 'checked']) {
      const run = spawnSync(process.execPath, [...process.execArgv, process.argv[1]!, '--child', way, '--file', file], {
        encoding: 'utf8',
      });
      const line = run.stdout.trim().split('\n').pop();
      console.log(
        line || `${way}: ended by ${run.signal ?? `exit ${run.status}`} ${run.stderr.trim().split('\n').pop()}`,
      );
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
