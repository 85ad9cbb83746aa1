import { MESSAGES, type TLocale } from '../messages';
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
