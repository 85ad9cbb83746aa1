/**
 * The house's rules, checked by `npm run check:deps` (part of `npm test`): who may import whom. Floors, from the
 * bottom: packages (contracts, the connector client and sandbox) -> apps (server, web) -> bench and e2e. On the
 * server: config and db -> lib -> idp -> modules -> app.ts/server.ts -> cli and main.ts. On the web: lib, i18n and
 * shared -> features -> app/ -> main.tsx. Imports that broke a rule when it was written are listed in
 * `.dependency-cruiser-known-violations.json` and are to be removed, never added to: `check:deps` fails on any other.
 */
/**
 * A forbidden import: no file `from` matches imports a file `to` matches. Each side is a path pattern or a whole
 * dependency-cruiser condition.
 */
function forbid(name, comment, from, to) {
  const condition = (side) => (typeof side === 'string' ? { path: side } : side);
  return { name, severity: 'error', comment, from: condition(from), to: condition(to) };
}

/** The server's wiring and entry points. */
const SERVER_WIRING = '^apps/server/src/(app|server|main)[.]ts$';

module.exports = {
  forbidden: [
    forbid('no-circular', 'Files that import each other, directly or around a loop.', {}, { circular: true }),
    forbid(
      'packages-below-apps',
      'A package is used by the apps and never reaches into them, nor into bench or e2e.',
      '^packages/',
      '^(apps|bench|e2e)/',
    ),
    forbid('apps-below-bench', 'The apps do not import benchmarks or journeys.', '^apps/', '^(bench|e2e)/'),
    forbid(
      'web-and-server-apart',
      'The web and the server share code only through packages (the contracts).',
      '^apps/(web|server)/',
      { path: '^apps/(web|server)/', pathNot: '^apps/$1/' },
    ),
    forbid(
      'server-config-db-at-the-bottom',
      'Settings and the database layer know no feature, page or route.',
      '^apps/server/src/(config|db)/',
      `^apps/server/src/(lib|idp|modules|cli)/|${SERVER_WIRING}`,
    ),
    forbid(
      'server-lib-below-features',
      "lib/ is the server's toolbox: it knows no module, no identity provider page and no wiring.",
      '^apps/server/src/lib/',
      `^apps/server/src/(idp|modules|cli)/|${SERVER_WIRING}`,
    ),
    forbid(
      'server-features-below-wiring',
      'Modules and the identity provider are wired by app.ts and server.ts, never the other way.',
      '^apps/server/src/(idp|modules)/',
      `^apps/server/src/cli/|${SERVER_WIRING}`,
    ),
    forbid(
      'web-app-from-the-entry-only',
      'app/ (routes, shell, providers) is imported by the entry alone.',
      { path: '^apps/web/src/', pathNot: '^apps/web/src/(main[.]tsx|app/)' },
      '^apps/web/src/app/',
    ),
    forbid(
      'web-features-through-their-index',
      "A feature uses another feature only through that feature's index.ts, never its internals.",
      '^apps/web/src/features/([^/]+)/',
      {
        path: '^apps/web/src/features/([^/]+)/',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/index[.]tsx?$'],
      },
    ),
    forbid(
      'web-shared-below-features',
      'The shared layer and the libraries know no feature.',
      '^apps/web/src/(shared|lib|i18n)/',
      '^apps/web/src/(features|app)/',
    ),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|[.]data)/|[.]test[.]tsx?$|(^|/)test/|test-fixtures/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    combinedDependencies: false,
  },
};
