/** The fetch every outbound request of a sandbox goes through (DSP calls, data-plane reads and pushes). */
export type SandboxFetch = (input: string, init: RequestInit) => Promise<Response>;

/**
 * A request of the sandbox was answered with a redirect. None is followed: a redirect from an address the caller
 * allowed could point anywhere, a loopback port or the internal network included, and whether that target answers
 * would leak through the result.
 */
export class RedirectRefused extends Error {}

/**
 * Sends one outbound request through `fetch` with `redirect: 'manual'`, and refuses a 3xx answer (or the opaque
 * answer a browser-like fetch gives for one) with RedirectRefused, whatever `fetch` would do by itself.
 */
export async function fetchWithoutRedirects(fetch: SandboxFetch, url: string, init: RequestInit): Promise<Response> {
  const response = await fetch(url, { ...init, redirect: 'manual' });
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
    await response.body?.cancel().catch(() => undefined);
    throw new RedirectRefused(`answered with a redirect (HTTP ${response.status}), which the sandbox does not follow`);
  }
  return response;
}
