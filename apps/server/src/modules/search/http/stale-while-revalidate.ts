import type { TDb } from '../../../db/database';

type TCacheEntry<T> = { value: T | null; at: number; pending: Promise<T> | null };

/** A value read from one database, kept for a while and refreshed in the background once stale. */
export type TStaleCache<T> = {
  /** The kept value; the first call for a database waits for it, later ones never do. */
  get(db: TDb, now?: number): Promise<T>;
  /** Forgets the value of a database, for example after offers were added. */
  invalidate(db: TDb): void;
};

/**
 * Keeps what `load` reads from a database for `freshForMs`: counting over a million offers takes seconds,
 * so a stale value is served while a fresh one is read in the background (one read at a time).
 */
export function createStaleCache<T>(load: (db: TDb) => Promise<T>, freshForMs: number): TStaleCache<T> {
  const cache = new WeakMap<TDb, TCacheEntry<T>>();
  const refresh = (db: TDb, previous: TCacheEntry<T> | undefined): Promise<T> => {
    const pending = load(db).then(
      (value) => {
        cache.set(db, { value, at: Date.now(), pending: null });
        return value;
      },
      (error: unknown) => {
        const current = cache.get(db);
        if (current) current.pending = null;
        throw error;
      },
    );
    cache.set(db, { value: previous?.value ?? null, at: previous?.at ?? 0, pending });
    return pending;
  };
  return {
    async get(db, now = Date.now()) {
      const entry = cache.get(db);
      if (!entry || entry.value === null) return entry?.pending ?? refresh(db, entry);
      if (now - entry.at > freshForMs && !entry.pending) refresh(db, entry).catch(() => {});
      return entry.value;
    },
    invalidate(db) {
      cache.delete(db);
    },
  };
}
