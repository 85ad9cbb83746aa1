import { LRUCache } from 'lru-cache';

/**
 * The JSON of a preview without the distribution it was asked for (one source may stand behind several
 * distributions), as UTF-8 bytes: an object `{"kind":...}` of the contract's TPreview but its distributionId.
 */
export type TSourcePreviewJson = Buffer;

export type TPreviewCacheOptions = {
  /** How long a preview is served before its source is read again, in milliseconds; 0 keeps none. */
  ttlMs: number;
  /** The most bytes of previews kept. */
  maxBytes?: number;
  /** The clock expiry is judged by; tests pass their own. */
  now?: () => number;
};

export type TPreviewCache = {
  /**
   * The cached preview of a key, else `read()`'s, which is kept. Callers asking for the same key while it is
   * being read share that one reading, so a source is asked once however many people open the page at once.
   */
  get(key: string, read: () => Promise<TSourcePreviewJson>): Promise<TSourcePreviewJson>;
};

/**
 * Previews kept in this process's memory, least recently used first out, each for a while. In memory rather than
 * in PostgreSQL: a preview is derived from a source that may change, is read again within seconds, and holds a
 * third party's data that the system of record has no reason to keep; a restart only costs one reading per source.
 * Kept as the bytes of their JSON, not as objects: a preview may be as large as its source, and bytes are one
 * buffer outside the heap that garbage collection never walks, and are sent as they are.
 */
export function createPreviewCache(options: TPreviewCacheOptions): TPreviewCache {
  const cache = new LRUCache<string, TSourcePreviewJson>({
    maxSize: options.maxBytes ?? 64 * 1024 * 1024,
    ttl: Math.max(1, options.ttlMs),
    ttlResolution: 0,
    ...(options.now ? { perf: { now: options.now } } : {}),
  });
  const reading = new Map<string, Promise<TSourcePreviewJson>>();
  return {
    async get(key, read) {
      const cached = options.ttlMs > 0 ? cache.get(key) : undefined;
      if (cached) return cached;
      const pending = reading.get(key);
      if (pending) return pending;
      const started = read().then((json) => {
        if (options.ttlMs > 0) cache.set(key, json, { size: Math.max(1, json.byteLength) });
        return json;
      });
      reading.set(key, started);
      try {
        return await started;
      } finally {
        reading.delete(key);
      }
    },
  };
}
