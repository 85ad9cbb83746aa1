/**
 * The house's rules, checked by `npm run check:deps` (part of `npm test`): who may import whom. Floors, from the
 * bottom: packages (contracts, the connector client and sandbox) -> apps (server, web) -> bench and e2e. On the
 * server: config and db -> lib -> idp -> modules -> app.ts/server.ts -> cli and main.ts. On the web: lib, i18n and
 * shared -> features -> app/ -> main.tsx. Imports that broke a rule when it was written are listed in
 * `.dependency-cruiser-known-violations.json` and are to be removed, never added to: `check:deps` fails on any other.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Files that import each other, directly or around a loop.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'packages-below-apps',
      severity: 'error',
      comment: 'A package is used by the apps and never reaches into them, nor into bench or e2e.',
      from: { path: '^packages/' },
      to: { path: '^(apps|bench|e2e)/' },
    },
    {
      name: 'apps-below-bench',
      severity: 'error',
      comment: 'The apps do not import benchmarks or journeys.',
      from: { path: '^apps/' },
      to: { path: '^(bench|e2e)/' },
    },
    {
      name: 'web-and-server-apart',
      severity: 'error',
      comment: 'The web and the server share code only through packages (the contracts).',
      from: { path: '^apps/(web|server)/' },
      to: { path: '^apps/(web|server)/', pathNot: '^apps/$1/' },
    },
    {
      name: 'server-config-db-at-the-bottom',
      severity: 'error',
      comment: 'Settings and the database layer know no feature, page or route.',
      from: { path: '^apps/server/src/(config|db)/' },
      to: { path: '^apps/server/src/(lib|idp|modules|cli)/|^apps/server/src/(app|server|main)[.]ts$' },
    },
    {
      name: 'server-lib-below-features',
      severity: 'error',
      comment: "lib/ is the server's toolbox: it knows no module, no identity provider page and no wiring.",
      from: { path: '^apps/server/src/lib/' },
      to: { path: '^apps/server/src/(idp|modules|cli)/|^apps/server/src/(app|server|main)[.]ts$' },
    },
    {
      name: 'server-features-below-wiring',
      severity: 'error',
      comment: 'Modules and the identity provider are wired by app.ts and server.ts, never the other way.',
      from: { path: '^apps/server/src/(idp|modules)/' },
      to: { path: '^apps/server/src/cli/|^apps/server/src/(app|server|main)[.]ts$' },
    },
    {
      name: 'web-app-from-the-entry-only',
      severity: 'error',
      comment: 'app/ (routes, shell, providers) is imported by the entry alone.',
      from: { path: '^apps/web/src/', pathNot: '^apps/web/src/(main[.]tsx|app/)' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'web-features-through-their-index',
      severity: 'error',
      comment: "A feature uses another feature only through that feature's index.ts, never its internals.",
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: {
        path: '^apps/web/src/features/([^/]+)/',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/index[.]tsx?$'],
      },
    },
    {
      name: 'web-shared-below-features',
      severity: 'error',
      comment: 'The shared layer and the libraries know no feature.',
      from: { path: '^apps/web/src/(shared|lib|i18n)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
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
