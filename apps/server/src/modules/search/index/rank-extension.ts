import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from 'better-sqlite3';

/**
 * `dsm_bm25()`, FTS5's bm25 with each phrase's document count given instead of counted (apps/server/native/dsm-rank.c):
 * bm25() reads every phrase's whole list once per statement for its IDF, 35 ms for a word of 350,000 offers at a
 * million, before it scores the first match. The extension is compiled from its source with the machine's C
 * compiler against the headers of the SQLite that better-sqlite3 embeds, once per source, into
 * node_modules/.cache; without a compiler the index ranks with bm25() itself, to the same scores, more slowly.
 */
const SOURCE = fileURLToPath(new URL('../../../../native/dsm-rank.c', import.meta.url));
const SQLITE_HEADERS = path.join(
  path.dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json')),
  'deps',
  'sqlite3',
);
const CACHE_DIR = fileURLToPath(new URL('../../../../../../node_modules/.cache/dsm-rank', import.meta.url));

let compiled: { file: string | null; error: string | null } | undefined;

/** The compiled extension's file, compiling it when this source has not been compiled here yet; null if it cannot be. */
export function rankExtensionFile(): { file: string | null; error: string | null } {
  if (compiled) return compiled;
  try {
    const source = readFileSync(SOURCE);
    const header = readFileSync(path.join(SQLITE_HEADERS, 'sqlite3.h'));
    const key = createHash('sha256')
      .update(source)
      .update(header)
      .update(`${process.platform} ${process.arch}`)
      .digest('hex')
      .slice(0, 16);
    const suffix = process.platform === 'darwin' ? 'dylib' : process.platform === 'win32' ? 'dll' : 'so';
    const dir = isWritableDir(CACHE_DIR) ? CACHE_DIR : path.join(os.tmpdir(), 'dsm-rank');
    const file = path.join(dir, `dsm-rank-${key}.${suffix}`);
    if (!existsSync(file)) {
      mkdirSync(dir, { recursive: true });
      // Written beside and renamed: threads compiling at once each leave a whole file.
      const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
      try {
        execFileSync(
          process.env.CC ?? 'cc',
          ['-O2', '-fPIC', '-shared', '-I', SQLITE_HEADERS, '-o', temporary, SOURCE, '-lm'],
          { stdio: ['ignore', 'ignore', 'pipe'], timeout: 60_000 },
        );
        renameSync(temporary, file);
      } finally {
        rmSync(temporary, { force: true });
      }
    }
    compiled = { file, error: null };
  } catch (error) {
    const stderr = String((error as { stderr?: Buffer }).stderr ?? '').trim();
    compiled = { file: null, error: (stderr || String(error)).slice(0, 500) };
  }
  return compiled;
}

function isWritableDir(dir: string): boolean {
  try {
    mkdirSync(dir, { recursive: true });
    return true;
  } catch {
    return false;
  }
}

const ranked = new WeakSet<Database>();

/** Loads `dsm_bm25()` on a connection; false (the connection ranks with bm25()) when it cannot be compiled or loaded. */
export function loadRankExtension(db: Database): boolean {
  const { file } = rankExtensionFile();
  if (file === null) return false;
  try {
    db.loadExtension(file);
    ranked.add(db);
    return true;
  } catch {
    return false;
  }
}

/** True when the connection ranks with `dsm_bm25()`. */
export const hasRankExtension = (db: Database): boolean => ranked.has(db);
