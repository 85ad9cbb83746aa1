import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { NO_INDEX_FILTER, type TIndexSearch } from './search-index';

/** The file in the index folder that carries the popular searches from one server process to the next. */
const FILE_NAME = 'popular-searches.json';
/** Searches told apart at most; past it, the less asked half is forgotten. */
const MAX_COUNTED = 20_000;
/** Searches kept in the file and run again by a search thread when it opens the index. */
export const WARMED_SEARCHES = 500;
/** Pages larger than this are not kept by the answer cache (cached-query-index), so not worth warming. */
const MAX_WARMED_PAGE = 100;

/**
 * The searches asked most, counted in this process and kept in the index folder, so that a server that starts
 * again runs them on its search threads before its users do: the threads' answer caches and SQLite's page
 * caches are then as warm as before the restart, and the first minute after it is like any other. The file
 * holds search terms and filters only, never who asked.
 */
export class PopularSearches {
  private readonly counts = new Map<string, { search: TIndexSearch; count: number }>();

  constructor(private readonly dir: string) {}

  /**
   * Counts a search: pages the answer cache keeps only, and not those restricted to listed offers (saved-search
   * alerts' new offers, which nobody asks twice).
   */
  count(search: TIndexSearch): void {
    if (search.limit > MAX_WARMED_PAGE || search.filter.offerIds !== null) return;
    const key = JSON.stringify(search);
    const entry = this.counts.get(key);
    if (entry) {
      entry.count++;
      return;
    }
    this.counts.set(key, { search, count: 1 });
    if (this.counts.size > MAX_COUNTED) {
      const sorted = [...this.counts].sort(([, a], [, b]) => b.count - a.count);
      this.counts.clear();
      for (const [kept, value] of sorted.slice(0, MAX_COUNTED / 2)) this.counts.set(kept, value);
    }
  }

  /** The searches of the last process and of this one, the most asked first. */
  top(): TIndexSearch[] {
    const merged = new Map<string, { search: TIndexSearch; count: number }>();
    readSaved(this.dir).forEach((search, rank) => {
      // The last process's order stands for its counts: its first outranks one asked once here.
      merged.set(JSON.stringify(search), { search, count: (WARMED_SEARCHES - rank) / WARMED_SEARCHES });
    });
    for (const [key, entry] of this.counts) {
      const previous = merged.get(key);
      merged.set(key, { search: entry.search, count: entry.count + (previous?.count ?? 0) });
    }
    return [...merged.values()]
      .sort((a, b) => b.count - a.count)
      .slice(0, WARMED_SEARCHES)
      .map((entry) => entry.search);
  }

  /** Writes the most asked searches to the index folder (replacing the file whole, so a reader never sees half). */
  save(): void {
    if (this.counts.size === 0) return;
    const temporary = path.join(this.dir, `${FILE_NAME}.tmp`);
    writeFileSync(temporary, JSON.stringify(this.top()));
    renameSync(temporary, path.join(this.dir, FILE_NAME));
  }
}

const FILTER_FIELDS = Object.keys(NO_INDEX_FILTER).sort().join();

/** A saved search whose filter has today's fields: one saved by an older version (dates in ms) is not run. */
const hasCurrentFilter = (search: TIndexSearch): boolean =>
  typeof search?.filter === 'object' &&
  search.filter !== null &&
  Object.keys(search.filter).sort().join() === FILTER_FIELDS;

/** The searches the last server process saved, the most asked first; none when there is no readable file. */
export function readSaved(dir: string): TIndexSearch[] {
  try {
    const saved: unknown = JSON.parse(readFileSync(path.join(dir, FILE_NAME), 'utf8'));
    return Array.isArray(saved) ? (saved.slice(0, WARMED_SEARCHES) as TIndexSearch[]).filter(hasCurrentFilter) : [];
  } catch {
    return [];
  }
}
