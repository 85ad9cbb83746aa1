/**
 * Answers landing-preload.js (vite.config.ts) asked for before the app's scripts arrived: the GET
 * calls the landing page makes first, sent with the signed-in user's stored token. The API client
 * takes each one once, and only when it would have sent the same token itself; anything else goes
 * out as a new request.
 */
type TPrefetched = { token: string; response: Promise<Response> };

declare global {
  interface Window {
    /** Filled by landing-preload.js: path (with query) -> the answer on its way. */
    dsmPrefetched?: Record<string, TPrefetched | undefined>;
  }
}

/** The prefetched answer to `GET path` sent with `token`, once; null when there is none to use. */
export function takePrefetched(path: string, token: string | null, target: Window = window): Promise<Response> | null {
  const store = target.dsmPrefetched;
  const entry = store?.[path];
  if (!store || !entry) return null;
  delete store[path];
  return token !== null && entry.token === token ? entry.response : null;
}
