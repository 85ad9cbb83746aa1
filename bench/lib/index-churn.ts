import { readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { createDatabase } from '../../apps/server/src/db/database';
import {
  countIndexSegments,
  readUnmergedChanges,
} from '../../apps/server/src/modules/search/index/merge-index-segments';
import { readIndexLag } from '../../apps/server/src/modules/search/index/read-index-lag';
import type { TServerProcess } from './bench-server';

/** The index file in use in `dir` (its CURRENT). */
function currentIndexFile(dir: string): string {
  return path.join(dir, readFileSync(path.join(dir, 'CURRENT'), 'utf8').trim());
}

/** The segments of the index's word lists and its text writes since their last merge (merge-index-segments.ts). */
export function readIndexLists(dir: string): { segments: number; unmerged: number } {
  const db = new Database(currentIndexFile(dir), { readonly: true, fileMustExist: true });
  try {
    return { segments: countIndexSegments(db), unmerged: readUnmergedChanges(db) };
  } finally {
    db.close();
  }
}

/**
 * Changes `count` offers picked at random as a harvest updating them would, through the outbox: each is rewritten in
 * the search index (its old words removed, its new ones added), in batches as the server applies them. Waits until
 * the server's index has applied every one; answers a line for the report.
 */
export async function churnIndex(url: string, dir: string, count: number): Promise<string> {
  const handle = createDatabase({ url, maxConnections: 1, applicationName: 'dsm-bench-churn' });
  const consumer = readFileSync(path.join(dir, 'CONSUMER'), 'utf8').trim();
  const started = performance.now();
  try {
    // A few statements, so that the changes come in transactions of their own, as a harvest's pages do.
    const STATEMENT = 50_000;
    for (let queued = 0; queued < count; queued += STATEMENT) {
      await sql`insert into search_outbox (offer_id)
        select id from offers where state = 'ACTIVE' order by random() limit ${Math.min(STATEMENT, count - queued)}`.execute(
        handle.db,
      );
    }
    for (;;) {
      const lag = await readIndexLag(handle.db, consumer);
      if (lag.waiting === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  } finally {
    await handle.close();
  }
  const seconds = (performance.now() - started) / 1000;
  const lists = readIndexLists(dir);
  return (
    `Churn: ${count.toLocaleString('en-US')} offers rewritten in the index in ${seconds.toFixed(0)} s ` +
    `(${(count / seconds).toFixed(0)}/s); its lists now in ${lists.segments} segments, ` +
    `${lists.unmerged.toLocaleString('en-US')} text writes since their last merge`
  );
}

/**
 * Waits for the server's merge of the index's lists (its log line), when one is due: at least `mergeAfter` text
 * writes since the last. Answers a line for the report.
 */
export async function awaitIndexMerge(
  server: TServerProcess,
  dir: string,
  mergeAfter: number,
  limitSeconds: number,
): Promise<string> {
  const before = readIndexLists(dir);
  if (before.unmerged < mergeAfter)
    return `Lists: ${before.segments} segments, ${before.unmerged.toLocaleString('en-US')} text writes since their last merge (no merge due)`;
  const deadline = Date.now() + limitSeconds * 1000;
  const seen = server.output().length;
  for (;;) {
    const merged = /Search index: merged its lists[^\n]*/.exec(server.output().slice(seen))?.[0];
    if (merged) return `${merged} (from ${before.segments} segments to ${readIndexLists(dir).segments})`;
    if (Date.now() > deadline) return `Lists: no merge within ${limitSeconds} s (${before.segments} segments)`;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
