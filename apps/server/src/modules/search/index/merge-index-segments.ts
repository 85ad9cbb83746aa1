import type { Database } from 'better-sqlite3';
import { readMeta, writeMeta } from './index-schema';

/** The meta key counting the text writes (offers added, changed, removed) since the index's lists were last merged. */
const UNMERGED_KEY = 'unmerged_changes';

/**
 * Pages of FTS5 lists one step of a merge writes at most: about a tenth of a second of the writer's time, so that a
 * change queued meanwhile waits for one step only.
 */
export const MERGE_STEP_PAGES = 400;

/** Adds `count` text writes to the index's unmerged changes; called inside the transaction that writes them. */
export function countUnmergedChanges(db: Database, count: number): void {
  if (count <= 0) return;
  writeMeta(db, UNMERGED_KEY, String(readUnmergedChanges(db) + count));
}

/** Text writes since the index's lists were last merged into one. */
export function readUnmergedChanges(db: Database): number {
  return Number(readMeta(db, UNMERGED_KEY) ?? 0);
}

/** The FTS5 structure record's first bytes in its second version (sqlite's fts5_index.c, FTS5_STRUCTURE_V2). */
const STRUCTURE_V2 = [0xff, 0x00, 0x00, 0x01];

/**
 * How many segments the index's word lists are in, read from FTS5's structure record (row 10 of `docs_fts_data`: a
 * 4-byte cookie, the version marker in version 2, then the number of levels and of segments as varints).
 */
export function countIndexSegments(db: Database): number {
  const block = db.prepare('select block from docs_fts_data where id = 10').pluck().get() as Buffer | undefined;
  if (!block) return 0;
  let at = 4;
  if (STRUCTURE_V2.every((byte, i) => block[at + i] === byte)) at += 4;
  const readVarint = (): number => {
    let value = 0;
    for (;;) {
      const byte = block[at++] ?? 0;
      value = value * 128 + (byte & 0x7f);
      if (byte < 0x80) return value;
    }
  };
  readVarint(); // levels
  return readVarint();
}

/** What one step of a merge did: whether the lists are one now, and the unmerged changes that started it. */
export type TMergeStep = { isMerged: boolean; unmergedChanges: number };

/**
 * One step of merging the index's FTS5 lists into one, once at least `minChanges` text writes have left them
 * fragmented. Each change of an offer adds a small segment and, for the offer's old words, a tombstone that every
 * search reading those lists skips until a merge drops both: after a harvest's hundreds of thousands of changes, a
 * search at a million offers reads twice the lists it would on a fresh build. FTS5's own merging ('automerge')
 * merges small segments with each other, never into the large one of the build; this step merges across every
 * level ('merge' with a negative page count) in steps the caller spaces out, so that the writer's queue never waits
 * long. A step that finds nothing left to merge sets the count back to 0. What a search answers is the same before
 * and after: only where the lists lie changes.
 */
export function mergeIndexStep(db: Database, minChanges: number): TMergeStep {
  const unmergedChanges = readUnmergedChanges(db);
  if (unmergedChanges === 0 || unmergedChanges < minChanges) return { isMerged: true, unmergedChanges };
  const totalChanges = db.prepare('select total_changes()').pluck();
  const merge = db.prepare("insert into docs_fts (docs_fts, rank) values ('merge', ?)");
  const step = db.transaction(() => {
    const before = totalChanges.get() as number;
    merge.run(-MERGE_STEP_PAGES);
    // FTS5 counts the command itself as one change: a difference of 2 or more means it merged something.
    const isMerged = (totalChanges.get() as number) - before < 2;
    if (isMerged) writeMeta(db, UNMERGED_KEY, '0');
    return { isMerged, unmergedChanges };
  })();
  // The merged lists were written to the write-ahead log: copied into the file, the searches read them from there.
  if (step.isMerged) db.pragma('wal_checkpoint(TRUNCATE)');
  return step;
}
