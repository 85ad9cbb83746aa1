/** One call a landing page makes first: what landing-preload.js sends before the app's scripts run. */
export type TLandingCall = { method: 'GET' | 'POST'; path: string; body?: string };

/** The contract's limits the results page reads its URL with (@dsm/contracts), handed in by the build. */
export type TLandingLimits = {
  pageSizes: readonly number[];
  defaultPageSize: number;
  resultCap: number;
  maxTerms: number;
  maxChars: number;
};

/**
 * The first calls of the page at `pathname` + `search`, exactly as the app's API client makes them.
 *
 * The build copies this function's source into landing-preload.js (vite.config.ts), so it refers to
 * nothing outside itself and uses only what every browser the app supports runs. It covers the plain
 * cases only: a results link with a `filter`, `sort` or `exact` parameter, an odd page size or an odd term gets no
 * prefetched search, and the app then asks itself. What it does send must equal the app's own call
 * (landing-calls.test.ts compares the two), and the API client only takes an answer whose method,
 * path and body are the ones it would have sent (src/shared/prefetched.ts).
 */
export function landingCalls(pathname: string, search: string, limits: TLandingLimits): TLandingCall[] {
  if (/^\/results\/?$/.test(pathname)) {
    const calls: TLandingCall[] = [
      { method: 'GET', path: '/api/search/cache' },
      { method: 'GET', path: '/api/licence' },
    ];
    const params = new URLSearchParams(search);
    if (params.has('filter') || params.has('sort') || params.has('exact')) return calls;
    const split = (raw: string | null) => {
      const seen: string[] = [];
      (raw ?? '').split('|').forEach((part) => {
        const value = part.trim();
        if (value.length > 0 && seen.indexOf(value) < 0) seen.push(value);
      });
      return seen;
    };
    const terms = split(params.get('searchText'));
    // A term with a control character is the app's to clean (search-terms.ts); no prefetch for it.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is looked for.
    const isPlainTerm = (term: string) => !/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/.test(term);
    if (!terms.every(isPlainTerm) || terms.length > limits.maxTerms || terms.join('|').length >= limits.maxChars) {
      return calls;
    }
    const categories = split(params.get('topics'));
    if (categories.length > 50 || !categories.every((category) => /^[A-Z][A-Z_]{0,63}$/.test(category))) return calls;
    let pageSize = limits.defaultPageSize;
    const rawPageSize = params.get('pageSize');
    if (rawPageSize !== null) {
      if (rawPageSize.trim() === '' || limits.pageSizes.indexOf(Number(rawPageSize)) < 0) return calls;
      pageSize = Number(rawPageSize);
    }
    let index = 0;
    const rawPage = params.get('page');
    if (rawPage !== null) {
      index = rawPage.trim() === '' ? Number.NaN : Number(rawPage);
      if (!Number.isInteger(index) || index < 0 || index * pageSize >= limits.resultCap) return calls;
    }
    calls.push({
      method: 'POST',
      path: '/api/search',
      body: JSON.stringify({
        terms,
        index,
        pageSize,
        filter: { categories, keywords: [], minPrice: null, maxPrice: null },
      }),
    });
    return calls;
  }
  const details = /^\/offer\/details\/([^/]+)\/?$/.exec(pathname);
  if (!details) return [];
  try {
    return [
      { method: 'GET', path: `/api/metadata/${encodeURIComponent(decodeURIComponent(details[1] as string))}` },
      // The licences the endpoints table names and the user's likes (the heart), asked for by the page
      // as soon as the offer is there: sent with it instead of after it.
      { method: 'GET', path: '/api/licence' },
      { method: 'GET', path: '/api/metadata/like' },
    ];
  } catch {
    return [];
  }
}
