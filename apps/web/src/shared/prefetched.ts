/**
 * Answers landing-preload.js (vite.config.ts) asked for before the app's scripts arrived: the calls
 * the landing page makes first (src/app/landing-calls.ts), sent with the signed-in user's stored
 * token. The API client takes each one once, and only when it would have sent the same method, path,
 * body and token itself; anything else goes out as a new request.
 */
type TPrefetched = { token: string; body: string | null; response: Promise<Response> };

declare global {
  interface Window {
    /** Filled by landing-preload.js: method and path (with query), as in `GET /api/licence` -> the answer on its way. */
    dsmPrefetched?: Record<string, TPrefetched | undefined>;
  }
}

/** One call as the API client is about to send it; body is the JSON text sent, null without one. */
export type TPrefetchKey = { method: string; path: string; body: string | null };

/** The prefetched answer to `call` sent with `token`, once; null when there is none to use. */
export function takePrefetched(
  call: TPrefetchKey,
  token: string | null,
  target: Window = window,
): Promise<Response> | null {
  const store = target.dsmPrefetched;
  const key = `${call.method} ${call.path}`;
  const entry = store?.[key];
  if (!store || !entry) return null;
  delete store[key];
  if (token !== null && entry.token === token && entry.body === call.body) return entry.response;
  discard(entry);
  return null;
}

/**
 * Lets go of a prefetched answer nobody will read: its body is cancelled, so the browser ends the request instead of
 * keeping it open for the rest of the visit (a page whose filter values are kept for the session never reads them).
 */
function discard(entry: TPrefetched): void {
  entry.response.then((response) => response.body?.cancel()).catch(() => {});
}

/** Discards every prefetched answer still waiting: once the first page has settled it asked for all it takes. */
export function discardUntakenPrefetches(target: Window = window): void {
  const store = target.dsmPrefetched;
  if (!store) return;
  for (const key of Object.keys(store)) {
    const entry = store[key];
    delete store[key];
    if (entry) discard(entry);
  }
}
