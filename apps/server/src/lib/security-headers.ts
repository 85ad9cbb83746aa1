import { createHash } from 'node:crypto';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { TConfig } from '../config/config';

/**
 * The CSP sources of the inline scripts of the web app's page: its build puts a few small boot
 * scripts inline (apps/web/vite.config.ts), and exactly these may run, by the hash of their text.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] as string)
        .digest('base64')}'`,
  );
}

/**
 * The Content-Security-Policy directives of the web app and the API. The embedded provider's pages
 * replace it with their own, stricter one (idp/pages/layout.ts pageHeaders).
 */
export function contentSecurityPolicy(config: TConfig, scriptHashes: readonly string[] = []): Record<string, string[]> {
  // An external issuer is called by the browser: discovery and tokens (connect), silent sign-in
  // checks (frame) and, for some issuers, a form post back at logout (form-action).
  const issuerOrigin = config.oidcIssuer ? [new URL(config.oidcIssuer).origin] : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes],
    // Mantine sets style attributes and injects <style> elements at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...issuerOrigin],
    // The silent check-sso frame loads the issuer's authorize endpoint, then our own page.
    'frame-src': ["'self'", ...issuerOrigin],
    'frame-ancestors': ["'self'"],
    // Browsers apply form-action to the redirects after a submit too: the provider's sign-in form
    // ends on the app's callback, which is under 'self' as long as the app and provider share it.
    'form-action': ["'self'", ...issuerOrigin],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
  };
}

/**
 * Security headers on every answer (helmet): the CSP above, HSTS only when PUBLIC_URL is https (on
 * plain http it would pin a local demo to https), no cross-origin access (no CORS headers at all:
 * the web app is served from the same origin as the API).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: TConfig,
  scriptHashes: readonly string[] = [],
): Promise<void> {
  const isHttps = config.publicUrl.startsWith('https:');
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config, scriptHashes) },
    strictTransportSecurity: isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // The provider's forms need the Origin header, which no-referrer would turn into "null".
    referrerPolicy: { policy: 'same-origin' },
    // Cross-origin isolation would block the external issuer's silent sign-in frame.
    crossOriginEmbedderPolicy: false,
  });
}
