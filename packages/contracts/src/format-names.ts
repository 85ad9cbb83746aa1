import { EU_FILE_TYPES } from './file-types';

/**
 * Formats by the names people know them by: the specification's 20 formats and the EU file-type
 * vocabulary's, without zod, so a page that only shows formats (the result cards) does not evaluate
 * the offer wizard's schemas (`@dsm/contracts/format-names`).
 */

/** The specification's 20 formats of the wizard. */
export const SPEC_FORMATS = [
  'html',
  'css',
  'plain',
  'javascript',
  'csv',
  'xml',
  'markdown',
  'calendar',
  'json',
  'octet-stream',
  'pdf',
  'zip',
  'x-www-form-urlencoded',
  'msword',
  'rtf',
  'xhtml+xml',
  'ld+json',
  'graphql',
  'atom+xml',
  'rss+xml',
] as const;

/**
 * What the specification's format names are called in the wizard, in the EU vocabulary's style: the
 * name people know the format by, and what it is where the name alone does not say.
 */
const SPEC_FORMAT_LABELS: Record<(typeof SPEC_FORMATS)[number], string> = {
  html: 'HTML',
  css: 'CSS (style sheet)',
  plain: 'TXT (plain text)',
  javascript: 'JavaScript',
  csv: 'CSV (comma-separated values)',
  xml: 'XML',
  markdown: 'Markdown',
  calendar: 'ICS (iCalendar)',
  json: 'JSON',
  'octet-stream': 'Binary file (octet-stream)',
  pdf: 'PDF',
  zip: 'ZIP',
  'x-www-form-urlencoded': 'Form data (x-www-form-urlencoded)',
  msword: 'DOC (Word)',
  rtf: 'RTF (Rich Text Format)',
  'xhtml+xml': 'XHTML',
  'ld+json': 'JSON-LD',
  graphql: 'GraphQL',
  'atom+xml': 'Atom feed',
  'rss+xml': 'RSS feed',
};

/** How the wizard and the preview name a format: its label, or the format itself when it has none. */
export function formatLabel(format: string): string {
  return (
    (SPEC_FORMAT_LABELS as Record<string, string>)[format] ??
    EU_FILE_TYPES.find((type) => type.name === format)?.label ??
    format
  );
}

/** Every format by its stored names in lower case (the specification's name, the vocabulary's name and code). */
const FORMAT_NAMES: ReadonlyMap<string, string> = new Map([
  ...SPEC_FORMATS.map((format): [string, string] => [format, shortName(SPEC_FORMAT_LABELS[format])]),
  ...EU_FILE_TYPES.flatMap((type): [string, string][] => [
    [type.name.toLowerCase(), shortName(type.label)],
    [type.code.toLowerCase(), shortName(type.label)],
  ]),
]);

/** A label without the explanation in brackets: 'XLSX (Excel)' is 'XLSX'. */
function shortName(label: string): string {
  return label.replace(/\s*\(.*\)$/, '');
}

/**
 * How result cards, facets and the endpoints table name a format, however a catalogue spelled it:
 * 'GEOJSON' and 'geojson' are 'GeoJSON', 'csv' and 'text/csv' are 'CSV', 'XLSX' stays 'XLSX'. A
 * format no list knows is shown as written.
 */
export function formatName(format: string): string {
  const wanted = format.trim().toLowerCase();
  return FORMAT_NAMES.get(wanted) ?? FORMAT_NAMES.get(wanted.slice(wanted.lastIndexOf('/') + 1)) ?? format.trim();
}
