import type { TOfferEndpoint } from '../catalogue/find-offer-endpoint';

/** Path separators, control characters and the characters file systems refuse. */
const isRefused = (character: string) => {
  const code = character.charCodeAt(0);
  return code < 0x20 || code === 0x7f || '/\\:*?"<>|'.includes(character);
};

/**
 * The name a download is saved under: the endpoint's title with its format as the extension ("Tide gauges.csv").
 * Never taken from the access URL, whose path may carry a paid link's secret.
 */
export function downloadFileNameOf(endpoint: Pick<TOfferEndpoint, 'title' | 'format'>): string {
  const base =
    [...endpoint.title]
      .map((character) => (isRefused(character) ? ' ' : character))
      .join('')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 120) || 'download';
  const extension = (endpoint.format ?? '').toLowerCase().replace(/[^a-z0-9]+/g, '');
  if (!extension || base.toLowerCase().endsWith(`.${extension}`)) return base;
  return `${base}.${extension}`;
}

/** A Content-Disposition for saving as `fileName`: an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachmentHeaderOf(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
