import { DEFAULT_LOCALE, LOCALES, type TLocale } from './messages';

export type TLocaleSources = {
  /** The authorization (or logout) request's `ui_locales`: space-separated, most preferred first. */
  uiLocales?: unknown;
  /** A `lang` query parameter, e.g. from the pages' own language links. */
  lang?: unknown;
  /** The browser's Accept-Language header. */
  acceptLanguage?: string | undefined;
};

function supported(tag: string): TLocale | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (LOCALES as readonly string[]).includes(primary) ? (primary as TLocale) : null;
}

function fromAcceptLanguage(header: string): TLocale | null {
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const entry of ranked) {
    const locale = supported(entry.tag);
    if (locale) return locale;
  }
  return null;
}

/**
 * The language of a provider page: the request's `ui_locales` (the app passes its language; the pages
 * speak all six of the app's), else
 * a `lang` query parameter, else the browser's Accept-Language, else German.
 */
export function resolveLocale(sources: TLocaleSources): TLocale {
  if (typeof sources.uiLocales === 'string') {
    for (const tag of sources.uiLocales.split(/\s+/)) {
      const locale = tag ? supported(tag) : null;
      if (locale) return locale;
    }
  }
  if (typeof sources.lang === 'string') {
    const locale = supported(sources.lang);
    if (locale) return locale;
  }
  return (sources.acceptLanguage && fromAcceptLanguage(sources.acceptLanguage)) || DEFAULT_LOCALE;
}
