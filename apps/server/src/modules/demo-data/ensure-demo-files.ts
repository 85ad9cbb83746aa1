import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildDemoTable, DEMO_KINDS, type TDemoKind } from './demo-tables';
import { DEMO_FORMATS, type TDemoFormat, writeDemoFile } from './write-demo-file';

/**
 * The version of the generated files: raised whenever the generator writes different content, so a data folder
 * made by an older version is generated again on the next start.
 */
export const DEMO_DATA_VERSION = 1;

/** One demo file, as the manifest lists it and the seeded distributions point at it. */
export type TDemoFile = {
  /** The file name, also the last segment of its URL: `air-quality-measurements.csv`. */
  name: string;
  kind: TDemoKind;
  format: TDemoFormat;
  mediaType: string;
  byteSize: number;
};

/** A demo file before it is written: everything but its size, known without generating anything. */
export type TDemoFileEntry = Omit<TDemoFile, 'byteSize'>;

/** Every demo file: each kind in each format, in a fixed order. */
export const DEMO_FILE_LIST: readonly TDemoFileEntry[] = DEMO_KINDS.flatMap((kind) =>
  (Object.entries(DEMO_FORMATS) as [TDemoFormat, (typeof DEMO_FORMATS)[TDemoFormat]][]).map(
    ([format, { extension, mediaType }]) => ({ name: `${kind}.${extension}`, kind, format, mediaType }),
  ),
);

/** The generated files of a data folder. */
export type TDemoFiles = {
  /** The folder the files lie in; served under /demo-data/. */
  dir: string;
  files: TDemoFile[];
};

type TManifest = { version: number; files: TDemoFile[] };

/** The folder of the demo files inside DATA_DIR; its manifest lies beside it, never served. */
export const demoFilesDir = (dataDir: string): string => path.join(dataDir, 'demo-data', 'files');
const manifestPath = (dataDir: string): string => path.join(dataDir, 'demo-data', 'manifest.json');

async function readManifest(dataDir: string): Promise<TManifest | null> {
  try {
    const manifest = JSON.parse(await readFile(manifestPath(dataDir), 'utf8')) as TManifest;
    return manifest.version === DEMO_DATA_VERSION && Array.isArray(manifest.files) ? manifest : null;
  } catch {
    return null;
  }
}

/** True when every file of the manifest is there with the size it was written with. */
async function isComplete(dir: string, manifest: TManifest): Promise<boolean> {
  for (const file of manifest.files) {
    const size = await stat(path.join(dir, file.name)).then(
      (stats) => stats.size,
      () => -1,
    );
    if (size !== file.byteSize) return false;
  }
  return manifest.files.length === DEMO_FILE_LIST.length;
}

/** Writes every kind in every format into `dir`; answers the files with their sizes. */
async function generate(dir: string): Promise<TDemoFile[]> {
  const files: TDemoFile[] = [];
  for (const kind of DEMO_KINDS) {
    const table = buildDemoTable(kind);
    for (const entry of DEMO_FILE_LIST.filter((candidate) => candidate.kind === kind)) {
      const file = path.join(dir, entry.name);
      await writeDemoFile(file, table, entry.format);
      files.push({ ...entry, byteSize: (await stat(file)).size });
    }
  }
  return files;
}

/**
 * The demo files of a data folder, generated when missing, incomplete or written by another generator version:
 * eight kinds of data (air quality, bus stops, budgets, ...) each as CSV, JSON, GeoJSON and XLSX, 32 files of
 * 40 KB to a few MB. The content depends on nothing but the generator, so every machine serves the same data.
 * A new generation is written into a folder of its own and swapped in, so a start that is cut short never leaves
 * half-written files behind a valid manifest.
 */
export async function ensureDemoFiles(options: { dataDir: string; log?: (line: string) => void }): Promise<TDemoFiles> {
  const dir = demoFilesDir(options.dataDir);
  const existing = await readManifest(options.dataDir);
  if (existing && (await isComplete(dir, existing))) return { dir, files: existing.files };
  const started = Date.now();
  const fresh = `${dir}.new-${process.pid}`;
  await rm(fresh, { recursive: true, force: true });
  await mkdir(fresh, { recursive: true });
  const files = await generate(fresh);
  await rm(manifestPath(options.dataDir), { force: true });
  await rm(dir, { recursive: true, force: true });
  await rename(fresh, dir);
  const manifest: TManifest = { version: DEMO_DATA_VERSION, files };
  await writeFile(manifestPath(options.dataDir), `${JSON.stringify(manifest, null, 2)}\n`);
  const total = files.reduce((sum, file) => sum + file.byteSize, 0);
  options.log?.(
    `Generated ${files.length} demo data files (${(total / 1024 / 1024).toFixed(1)} MB) in ${Date.now() - started} ms`,
  );
  return { dir, files };
}
