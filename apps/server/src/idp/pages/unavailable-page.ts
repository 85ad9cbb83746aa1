import type { FastifyRequest } from 'fastify';
import type { TErrorPageRenderer } from '../../lib/error-handler';
import { MESSAGES, type TLocale } from '../messages';
import { resolveLocale } from '../resolve-locale';
import { pageHeaders } from './layout';
import { renderNoticePage } from './notice-page';

/** Seconds until the page tries again; the same as the Retry-After of the API's 503. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * What a browser reads when a sign-in page cannot reach the database: a page in its language that
 * loads itself again in a few seconds, and a link to do it at once (the address it was opened with).
 */
export function renderUnavailablePage(locale: TLocale, retryPath: string): string {
  const m = MESSAGES[locale];
  return renderNoticePage({
    locale,
    title: m.unavailableTitle,
    text: m.unavailableText,
    link: { href: retryPath, label: m.tryAgain },
    isError: true,
    refreshSeconds: RETRY_AFTER_SECONDS,
  });
}

/** A browser opening a page of the sign-in (not a call of its token, key or discovery endpoints). */
function isSignInPageRequest(request: FastifyRequest): boolean {
  return (
    request.method === 'GET' &&
    request.url.startsWith('/idp/') &&
    (request.headers.accept ?? '').toLowerCase().includes('text/html')
  );
}

/** The error handler's 503 page: for a browser on a sign-in page, the page above in its language. */
export const signInUnavailablePage: TErrorPageRenderer = (request) => {
  if (!isSignInPageRequest(request)) return undefined;
  const query = (request.query ?? {}) as Record<string, unknown>;
  const locale = resolveLocale({
    uiLocales: query.ui_locales,
    lang: query.lang,
    acceptLanguage: request.headers['accept-language'],
  });
  return {
    headers: { ...pageHeaders(), 'retry-after': String(RETRY_AFTER_SECONDS) },
    body: renderUnavailablePage(locale, request.url),
  };
};
