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
  return token !== null && entry.token === token && entry.body === call.body ? entry.response : null;
}
