import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { OutputBundle } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
// By path: the config loader bundles relative imports only, and the contracts package is TypeScript.
import {
  DEFAULT_PAGE_SIZE,
  MAX_SEARCH_CHARS,
  MAX_SEARCH_TERMS,
  PAGE_SIZES,
  RESULT_CAP,
} from '../../packages/contracts/src/catalogue';
import { APP_STYLES_ID } from './src/app/app-styles';
import { landingCalls, type TLandingLimits } from './src/app/landing-calls';
import { LANGUAGE_STORAGE_KEY } from './src/i18n/language-key';

/**
 * Mantine's `useId` is replaced by src/app/mantine-use-id.ts, React's id without Mantine's second render
 * after mount (the file says why). Any import of the hook's module from within @mantine/hooks is
 * sent there; what it exports is the same.
 */
function mantineStableIds(): Plugin {
  const replacement = path.resolve(import.meta.dirname, 'src/app/mantine-use-id.ts');
  return {
    name: 'mantine-stable-ids',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer?.includes('/@mantine/hooks/') || !/\/use-id\/use-id\.mjs$/.test(source)) return null;
      return replacement;
    },
  };
}

/**
 * Writes a .br and a .gz beside every script, style sheet and page of the build; the server hands
 * them out by Accept-Encoding (@fastify/static's preCompressed), so the slow first visit on a phone
 * downloads about a quarter of the bytes without compressing on each request.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const fileName of [...Object.keys(bundle), 'index.html']) {
        if (!/\.(js|css|html|svg|json)$/.test(fileName)) continue;
        const file = path.join(dir, fileName);
        const content = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

/**
 * The app's style sheet stops blocking the first paint: index.html carries the few rules its plain
 * shell needs inline, and the sheet itself is preloaded (fetched at once, first in line) and put on
 * by main.tsx, which renders the app only once it applies. On a slow phone connection the shell
 * paints after the page's own bytes instead of after the 36 KB of styles.
 */
function nonBlockingStyles(): Plugin {
  return {
    name: 'non-blocking-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const sheets: string[] = [];
        const withoutSheets = html.replace(/\s*<link rel="stylesheet" crossorigin href="([^"]+\.css)">/g, (_, href) => {
          sheets.push(href);
          return '';
        });
        if (sheets.length !== 1) throw new Error(`expected one style sheet in index.html, found ${sheets.length}`);
        const preload = `<link rel="preload" as="style" crossorigin href="${sheets[0]}" id="${APP_STYLES_ID}">`;
        return withoutSheets.replace('<script type="module"', `${preload}\n    <script type="module"`);
      },
    },
  };
}

/**
 * A script inline in the page, without its comment lines (every visit downloads them); the
 * server's CSP lets exactly these scripts run, by their hashes.
 */
function inlineScript(source: string): string {
  if (/<\/script/i.test(source)) throw new Error('an inline script must not contain </script');
  const code = source
    .split('\n')
    .filter((line) => !/^\s*\/\//.test(line))
    .join('\n');
  return `<script>${code}</script>`;
}

/** A script of boot/, read as the build puts it inline. */
function bootScript(file: string): string {
  return readFileSync(path.join(import.meta.dirname, 'boot', file), 'utf8').trimEnd();
}

/**
 * zod's setting, inline at the end of the head (boot/zod-jitless.js): it runs before any module
 * of the app, in the dev server too.
 */
function zodJitless(): Plugin {
  return {
    name: 'zod-jitless',
    transformIndexHtml: (html) =>
      html.replace('</head>', () => `  ${inlineScript(bootScript('zod-jitless.js'))}\n  </head>`),
  };
}

/**
 * The app's module script starts after the plain shell has painted (boot/start-app.js): the entry
 * becomes a modulepreload link, fetched at once as before, and start-app.js, inline after the
 * shell, adds the module script after the next frame.
 */
function startAfterFirstPaint(): Plugin {
  return {
    name: 'start-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entries = [...html.matchAll(/<script type="module" crossorigin src="([^"]+)"><\/script>/g)];
        if (entries.length !== 1) throw new Error(`expected one module script in index.html, found ${entries.length}`);
        const [tag, src] = entries[0] as RegExpMatchArray;
        return (
          html
            .replace(tag, `<link rel="modulepreload" crossorigin href="${src}" id="app-entry">`)
            // Fetched at once but behind the page's own bytes and styles: nothing waits for them to paint.
            .replaceAll(
              '<link rel="modulepreload" crossorigin',
              '<link rel="modulepreload" fetchpriority="low" crossorigin',
            )
            .replace('</body>', () => `  ${inlineScript(bootScript('start-app.js'))}\n  </body>`)
        );
      },
    },
  };
}

/**
 * The pages people land on from outside, by path (as in src/app/page-preload.ts), and parts they
 * load at once on a screen that matches a media query: the results page's filter panel, which a
 * phone folds away (ResultsPage.tsx).
 */
const LANDING_PAGES: [pattern: RegExp, page: string, media?: string][] = [
  [/^\/$/, 'src/features/search/HomePage.tsx'],
  [/^\/results\/?$/, 'src/features/search/ResultsPage.tsx'],
  [/^\/results\/?$/, 'src/features/search/FilterPanel.tsx', '(min-width: 62em)'],
  [/^\/offer\/details\/[^/]+\/?$/, 'src/features/offer/OfferDetailsPage.tsx'],
];

/** The limits the results page reads its URL with, for landingCalls in landing-preload.js. */
const LANDING_LIMITS: TLandingLimits = {
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
  resultCap: RESULT_CAP,
  maxTerms: MAX_SEARCH_TERMS,
  maxChars: MAX_SEARCH_CHARS,
};

/**
 * Puts the landing preload into index.html, a small inline script that asks the browser for the
 * landing page's own chunks while the app's main script still downloads, instead of after it has
 * run: on a slow phone the page's content arrives one download earlier. For a signed-in user it
 * also sends the page's first calls (src/app/landing-calls.ts; on results the search itself;
 * src/shared/prefetched.ts hands their answers to the API client), so the data is on its way while
 * the scripts still download. Inline, it runs while the page is parsed, before the first paint,
 * and costs no request of its own; the server allows it by its hash (apps/server/src/lib/security-headers.ts).
 */
function landingPreload(): Plugin {
  return {
    name: 'landing-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle) throw new Error('landing-preload: no bundle');
        const source = landingPreloadSource(context.bundle);
        return html.replace('<script type="module"', `${inlineScript(source)}\n    <script type="module"`);
      },
    },
  };
}

/** The source of the landing preload for the build's chunks. */
function landingPreloadSource(bundle: OutputBundle): string {
  const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('landing-preload: no entry chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (start: string[]) => {
    const seen = new Set<string>();
    const queue = [...start];
    while (queue.length > 0) {
      const name = queue.pop() as string;
      if (seen.has(name)) continue;
      seen.add(name);
      queue.push(...(byName.get(name)?.imports ?? []));
    }
    return seen;
  };
  const initial = closure([entry.fileName]);
  const routes = LANDING_PAGES.map(([pattern, page, media]) => {
    const chunk = chunks.find((candidate) => candidate.facadeModuleId?.endsWith(page));
    if (!chunk) throw new Error(`landing-preload: no chunk for ${page}`);
    return [pattern.source, [...closure([chunk.fileName])].filter((name) => !initial.has(name)), media ?? null];
  });
  // Every language but German loads on first use (src/i18n/index.ts), each from a chunk of its own.
  const dictionaries = Object.fromEntries(
    chunks.flatMap((chunk) => {
      const language = /\/src\/i18n\/([a-z]{2})\.json$/.exec(chunk.facadeModuleId ?? '')?.[1];
      return language ? [[language, [...closure([chunk.fileName])].filter((name) => !initial.has(name))]] : [];
    }),
  );
  if (!dictionaries.en) throw new Error('landing-preload: no chunk for the English texts');
  const source = `// The landing preload, written by the build (vite.config.ts).
(function () {
  var path = location.pathname;
  var routes = ${JSON.stringify(routes)};
  for (var i = 0; i < routes.length; i += 1) {
    if (!new RegExp(routes[i][0]).test(path)) continue;
    if (routes[i][2] && !(window.matchMedia && window.matchMedia(routes[i][2]).matches)) continue;
    routes[i][1].forEach(preload);
  }
  // The remembered language's texts, which main.tsx waits for before the first render; the plain
  // shell already says which language the page speaks.
  var dictionaries = ${JSON.stringify(dictionaries)};
  try {
    var language = localStorage.getItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)});
    if (Object.prototype.hasOwnProperty.call(dictionaries, language)) {
      document.documentElement.lang = language;
      dictionaries[language].forEach(preload);
    }
  } catch (error) {}
  // The page's first calls, with the stored token of the signed-in user (src/shared/prefetched.ts).
  var calls = (${landingCalls.toString()})(path, location.search, ${JSON.stringify(LANDING_LIMITS)});
  var token = calls.length > 0 && typeof fetch === 'function' ? storedToken() : null;
  if (!token) return;
  var store = (window.dsmPrefetched = window.dsmPrefetched || {});
  calls.forEach(function (call) {
    var headers = { accept: 'application/json', authorization: 'Bearer ' + token };
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    var response = fetch(call.path, { method: call.method, headers: headers, body: call.body });
    response.catch(function () {});
    store[call.method + ' ' + call.path] = { token: token, body: call.body === undefined ? null : call.body, response: response };
  });

  function preload(file) {
    if (document.querySelector('link[href="/' + file + '"]')) return;
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = 'anonymous';
    link.href = '/' + file;
    document.head.appendChild(link);
  }

  function storedToken() {
    try {
      var user = null;
      for (var k = 0; k < localStorage.length; k += 1) {
        var key = localStorage.key(k);
        if (!key || key.indexOf('oidc.user:') !== 0) continue;
        if (user) return null;
        user = JSON.parse(localStorage.getItem(key));
      }
      // A token about to expire is the app's to refresh first.
      var isFresh = user && typeof user.expires_at === 'number' && user.expires_at * 1000 > Date.now() + 30000;
      return isFresh && typeof user.access_token === 'string' ? user.access_token : null;
    } catch (error) {
      return null;
    }
  }
})();
`;
  return source;
}

export default defineConfig({
  plugins: [
    react(),
    mantineStableIds(),
    zodJitless(),
    nonBlockingStyles(),
    landingPreload(),
    startAfterFirstPaint(),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      // A feature's index.ts only re-exports (docs/architecture.md). Marked free of side effects, an import
      // through it links straight to the file that holds the name: without this, a page that takes one hook
      // from another feature's index loads every file that index names (the offer page took the search
      // chunk and the organisation's, 47 KiB gzip more).
      treeshake: {
        moduleSideEffects: [{ test: /\/src\/features\/[^/]+\/index\.ts$/, sideEffects: false }],
      },
      output: {
        // Few files per page: on a phone each file costs a round trip, and over HTTP/1.1 only six
        // load at once. Everything the entry needs goes into one chunk, and the small pieces pages
        // share are copied into each page's chunk instead of loaded as files of their own (a
        // results page went from 31 extra files to 3).
        codeSplitting: {
          experimentalInlineCommonChunks: { maxSize: 60000 },
          groups: [{ name: 'boot', tags: ['$initial'], priority: 3 }],
        },
      },
    },
  },
  // Hot reload next to `npm start`: the API, the orders, the sign-in pages and the app settings come
  // from the running server (start it with PUBLIC_URL=http://localhost:5173 so sign-in returns here).
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/idp-service': 'http://localhost:8080',
      '/idp': 'http://localhost:8080',
      '/app-config.json': 'http://localhost:8080',
    },
  },
});
