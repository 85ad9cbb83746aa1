import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { FacetCounter } from './facet-counter';
import { writeFacetSnapshot } from './facet-snapshot';
import { type TIndexSource, toIndexDocument, writeDocuments } from './index-documents';
import { createIndexSchema } from './index-schema';

/**
 * For tests: an index file of the given offers with its facet snapshot, as a full build leaves it, in a folder of its
 * own under the system's temporary folder (the caller removes `dir`), and the writer's connection, still open.
 */
export function writeTestIndex(
  sources: TIndexSource[],
  options: { countWords: boolean },
): { dir: string; file: string; writer: Database.Database } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'search-index-test-'));
  const file = path.join(dir, 'index.sqlite');
  const writer = new Database(file);
  writer.pragma('journal_mode = wal');
  createIndexSchema(writer);
  writeDocuments(writer, sources.map(toIndexDocument), [], { countWords: options.countWords });
  writeFacetSnapshot(writer, new FacetCounter(writer).snapshot());
  return { dir, file, writer };
}
