import type { FastifyInstance } from 'fastify';
import type { TConfig } from '../config/config';
import { isApiPath, unusableUrlOf } from '../lib/error-handler';

/** The names one machine answers to on its loopback interface. */
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The Host headers (`name:port`) that reach the app on the same loopback port under another name
 * than PUBLIC_URL's: `127.0.0.1:8080` when PUBLIC_URL is `http://localhost:8080`, and the other
 * way round. Empty when PUBLIC_URL is not a loopback address.
 */
export function loopbackAliasHosts(publicUrl: string): Set<string> {
  const url = new URL(publicUrl);
  if (!LOOPBACK_NAMES.has(url.hostname)) return new Set();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const aliases = new Set<string>();
  for (const name of LOOPBACK_NAMES) {
    if (name === url.hostname) continue;
    aliases.add(`${name}:${port}`);
    // Browsers leave the default port out of the Host header.
    if (!url.port) aliases.add(name);
  }
  return aliases;
}

/**
 * In the embedded mode, a page opened under the other loopback name (127.0.0.1 instead of
 * localhost) is sent to the same path under PUBLIC_URL before the web app starts there. The app
 * signs in from the origin it runs on, and the provider, its cookies, the app's CSP and the token
 * endpoint's CORS all belong to PUBLIC_URL's origin: a sign-in started from the other name could
 * not finish. Only page loads (Accept: text/html) are redirected; the API answers under both names, as before; the target is always PUBLIC_URL, so
 * the redirect cannot be pointed elsewhere by the Host header.
 */
export function registerLoopbackAliasRedirect(app: FastifyInstance, config: TConfig): void {
  const aliases = loopbackAliasHosts(config.publicUrl);
  if (aliases.size === 0) return;
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    // The target is PUBLIC_URL followed by the path, so only a path ('/...') may follow it; an unusable URL is
    // answered by the not-found handler under either name (lib/error-handler.ts).
    if (!request.url.startsWith('/') || unusableUrlOf(request) || isApiPath(request.url)) return;
    // Only a browser opening a page: health checks, scripts and curl keep their answers under either name.
    if (!(request.headers.accept ?? '').includes('text/html')) return;
    const host = (request.headers.host ?? '').toLowerCase();
    if (!aliases.has(host)) return;
    return reply.redirect(`${config.publicUrl}${request.url}`, 308);
  });
}
