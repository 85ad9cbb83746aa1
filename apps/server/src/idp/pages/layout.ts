import { randomBytes } from 'node:crypto';
import { LOCALE_NAMES, LOCALES, MESSAGES, type TLocale } from '../messages';

/** Escapes text for HTML content and quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The web app's primary colour: Mantine blue, shade 8 (theme.ts), white text on it passes WCAG AA. */
const PRIMARY = '#1971c2';
const PRIMARY_HOVER = '#1864ab';
const ERROR = '#c92a2a';

const MARK = `<svg class="mark" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="7" fill="${PRIMARY}"/><ellipse cx="16" cy="10" rx="9" ry="3.5" fill="#fff"/><path d="M7 10v12c0 2 4 3.5 9 3.5s9-1.5 9-3.5V10" fill="none" stroke="#fff" stroke-width="2.5"/><path d="M7 16c0 2 4 3.5 9 3.5s9-1.5 9-3.5" fill="none" stroke="#fff" stroke-width="2.5"/></svg>`;

const FAVICON = `data:image/svg+xml,${encodeURIComponent(MARK.replace(' class="mark"', '').replace(' aria-hidden="true" focusable="false"', ''))}`;

// Mantine's defaults (radius md = 8px, gray 0/3/7, red 9) so the pages read as part of the app.
const STYLES = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:1rem;line-height:1.55;color:#212529;background:#f8f9fa}
.page{min-height:100dvh;display:flex;flex-direction:column;align-items:center;justify-content:center;padding:24px 16px}
.card{width:100%;max-width:420px;background:#fff;border:1px solid #dee2e6;border-radius:8px;padding:32px;box-shadow:0 1px 3px rgba(0,0,0,.05),0 10px 15px -5px rgba(0,0,0,.05)}
.brand{display:flex;align-items:center;gap:8px;font-weight:700;font-size:1.125rem;margin:0 0 24px}
h1{font-size:1.5rem;line-height:1.3;margin:0 0 16px}
p{margin:0 0 12px}
label{display:block;font-weight:500;font-size:.875rem;margin:16px 0 4px}
input[type=email],input[type=password],input[type=text]{display:block;width:100%;height:40px;padding:0 12px;font:inherit;color:inherit;background:#fff;border:1px solid #ced4da;border-radius:8px}
input[aria-invalid=true]{border-color:${ERROR}}
.hint{color:#495057;font-size:.8125rem;margin:4px 0 0}
.field-error{color:${ERROR};font-size:.8125rem;margin:4px 0 0}
.alert{border:1px solid ${ERROR};border-left-width:4px;background:#fff5f5;color:#a51111;border-radius:8px;padding:10px 12px;margin:0 0 16px;font-size:.875rem}
.button{display:block;width:100%;height:40px;margin-top:24px;padding:0 16px;font:inherit;font-weight:600;color:#fff;background:${PRIMARY};border:1px solid ${PRIMARY};border-radius:8px;cursor:pointer;text-align:center;line-height:38px;text-decoration:none}
.button:hover{background:${PRIMARY_HOVER}}
.button.secondary{color:${PRIMARY};background:#fff;margin-top:12px}
.button.secondary:hover{background:#e7f5ff}
.link-button{font:inherit;font-size:.875rem;color:${PRIMARY};background:none;border:0;padding:0;text-decoration:underline;cursor:pointer}
a{color:${PRIMARY}}
:focus-visible{outline:2px solid ${PRIMARY};outline-offset:2px}
.alt{margin:16px 0 0;font-size:.875rem;text-align:center}
.languages{margin:16px 0 0;font-size:.8125rem;color:#495057;text-align:center}
.languages a[aria-current]{font-weight:700;text-decoration:none;color:inherit}
.details{color:#495057;font-size:.8125rem;word-break:break-word}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;

/** Links to the same page in each language; given only when the language was not fixed by the app. */
export type TLanguageLinks = Record<TLocale, string>;

export type TLayoutOptions = {
  locale: TLocale;
  /** The page heading, also the document title. */
  title: string;
  /** Prefixes the document title with "Error:" so screen readers hear a failed submission first. */
  hasError?: boolean;
  /** Trusted HTML of the card below the heading; every dynamic part must be escaped by the caller. */
  body: string;
  languageLinks?: TLanguageLinks | undefined;
  /** Nonce of an inline script the page carries (see pageHeaders). */
  scriptNonce?: string | undefined;
  /** Loads the page again after this many seconds. */
  refreshSeconds?: number | undefined;
};

/** A whole page in the app's look: a centred card with the mark, the product name and a heading. */
export function renderLayout(options: TLayoutOptions): string {
  const messages = MESSAGES[options.locale];
  const languages = options.languageLinks
    ? `<nav class="languages" aria-label="${escapeHtml(messages.language)}">${LOCALES.map(
        (locale) => [locale, LOCALE_NAMES[locale]] as const,
      )
        .map(
          ([locale, label]) =>
            `<a href="${escapeHtml(options.languageLinks![locale])}" lang="${locale}" hreflang="${locale}"${
              locale === options.locale ? ' aria-current="true"' : ''
            }>${label}</a>`,
        )
        .join(' · ')}</nav>`
    : '';
  const title = `${options.hasError ? messages.errorPrefix : ''}${options.title} – ${messages.appTitle}`;
  return `<!DOCTYPE html>
<html lang="${options.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
${options.refreshSeconds ? `<meta http-equiv="refresh" content="${Math.round(options.refreshSeconds)}">\n` : ''}<title>${escapeHtml(title)}</title>
<link rel="icon" type="image/svg+xml" href="${FAVICON}">
<style>${STYLES}</style>
</head>
<body>
<main class="page">
<div class="card">
<p class="brand">${MARK}<span>${escapeHtml(messages.appTitle)}</span></p>
<h1>${escapeHtml(options.title)}</h1>
${options.body}
</div>
${languages}
</main>
</body>
</html>`;
}

/** A fresh nonce for an inline script. */
export function createScriptNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * Headers of every provider page: never cached (they carry per-request tokens), never framed
 * (clickjacking of the sign-in form), no scripts except one with the given nonce.
 */
export function pageHeaders(scriptNonce?: string): Record<string, string> {
  const scripts = scriptNonce ? `script-src 'nonce-${scriptNonce}'` : "script-src 'none'";
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    // Not no-referrer: under it browsers send "Origin: null" with the forms, which the origin check refuses.
    'referrer-policy': 'same-origin',
    'content-security-policy': `default-src 'none'; ${scripts}; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; base-uri 'none'`,
  };
}
