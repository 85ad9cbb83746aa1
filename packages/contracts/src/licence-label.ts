import type { TLicence } from './licence';

// Matching publishers' licence texts with the licence catalogue, apart from the catalogue's schemas
// (licence.ts): a page that only shows licence names does without zod.

/** Shown where a licence text matches no catalogue entry. */
export const UNKNOWN_LICENCE_LABEL = 'n/a';

/** Lower-cases, drops the URL scheme, `www.`, trailing slashes and surrounding space, so spellings compare equal. */
export function normaliseLicenceText(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '')
    .replace(/\/+$/, '')
    .replace(/\s+/g, ' ');
}

/** Every normalised name of every licence, built once per catalogue: cards match thousands of texts. */
const indexes = new WeakMap<readonly TLicence[], Map<string, TLicence>>();

function indexOf(licences: readonly TLicence[]): Map<string, TLicence> {
  let index = indexes.get(licences);
  if (!index) {
    index = new Map();
    for (const licence of licences) {
      for (const name of [licence.licenceId, licence.licenceTitle, licence.licenceUrl, ...licence.mappings]) {
        const key = name ? normaliseLicenceText(name) : '';
        // The first licence naming a text wins.
        if (key && !index.has(key)) index.set(key, licence);
      }
    }
    indexes.set(licences, index);
  }
  return index;
}

/**
 * Finds the catalogue licence a publisher's licence text stands for, comparing it with each entry's
 * id, title, URL and mappings; null when none matches (shown as 'n/a').
 */
export function matchLicence(text: string | null | undefined, licences: readonly TLicence[]): TLicence | null {
  if (!text) return null;
  const wanted = normaliseLicenceText(text);
  if (!wanted) return null;
  return indexOf(licences).get(wanted) ?? null;
}

/**
 * The one name a licence text is shown by, wherever the web or a document of the server names a
 * licence (result cards, the endpoints table, the terms of use): the catalogue title it stands for,
 * 'n/a' when it matches none. Never the raw id or URI the publisher wrote.
 */
export function licenceLabelOf(text: string | null | undefined, licences: readonly TLicence[]): string {
  return matchLicence(text, licences)?.licenceTitle || UNKNOWN_LICENCE_LABEL;
}
