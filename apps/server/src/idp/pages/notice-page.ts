import type { TLocale } from '../messages';
import { escapeHtml, renderLayout, type TLanguageLinks } from './layout';

export type TNoticePageOptions = {
  locale: TLocale;
  title: string;
  text: string;
  /** Smaller print below the text, e.g. an error code and its description. */
  details?: string | undefined;
  link?: { href: string; label: string } | undefined;
  isError?: boolean;
  languageLinks?: TLanguageLinks | undefined;
  /** Loads the page again after this many seconds. */
  refreshSeconds?: number | undefined;
};

/** A page that only says something: signed out, expired sign-in, a refused form, an error. */
export function renderNoticePage(options: TNoticePageOptions): string {
  const body = `
<p${options.isError ? ' role="alert"' : ''}>${escapeHtml(options.text)}</p>
${options.details ? `<p class="details">${escapeHtml(options.details)}</p>` : ''}
${options.link ? `<a class="button" href="${escapeHtml(options.link.href)}">${escapeHtml(options.link.label)}</a>` : ''}`;
  return renderLayout({
    locale: options.locale,
    title: options.title,
    hasError: options.isError ?? false,
    body,
    languageLinks: options.languageLinks,
    refreshSeconds: options.refreshSeconds,
  });
}
