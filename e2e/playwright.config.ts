import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { BUYER_STATE } from './fixtures/auth';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './fixtures/chromium';
import { E2E_DATA_DIR, E2E_PORT, ROOT } from './fixtures/server';

const root = ROOT;
/** A port and data folder of the journeys' own, so they never meet a running `npm start`. */
const PORT = E2E_PORT;
const DATA_DIR = E2E_DATA_DIR;
/** Enough offers that the common searches pass the 10,000 cap. */
const SEED_DATASETS = 12000;

export default defineConfig({
  testDir: './tests',
  outputDir: path.join(root, 'test-results'),
  forbidOnly: true,
  fullyParallel: true,
  workers: 2,
  // One retry on CI, where the journeys share two cores with the server and its PostgreSQL; a
  // journey that needed it is reported as flaky, not hidden.
  retries: process.env.CI ? 1 : 0,
  // Two browsers, the server and its PostgreSQL share two cores: on a slower machine of that size a
  // journey took up to 40 s, so the limits leave room beyond that instead of failing on the machine.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: path.join(root, 'playwright-report') }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    // Signs the demo buyer in once; every journey starts signed in unless it says otherwise.
    { name: 'setup', testMatch: /auth\.setup\.ts/, use: { browserName: 'chromium' } },
    {
      name: 'chromium',
      dependencies: ['setup'],
      testIgnore: [
        /harvest\//,
        /connectors\/organisation-connector\.spec\.ts/,
        /connectors\/crawled-offer-delivery\.spec\.ts/,
      ],
      use: { browserName: 'chromium', storageState: BUYER_STATE },
    },
    // Harvesting adds a catalogue's worth of offers for a while: it runs after the journeys that
    // count search results, not beside them.
    {
      name: 'catalogue-changes',
      dependencies: ['chromium'],
      // The organisation's connector journey too: while it runs, an offer uploaded from the provider sandbox beside
      // it is not found by search (an open defect, docs/delivery.md "Known defects").
      // The crawled offer's journey registers a connector for the demo buyer's organisation for a while: it runs after the
      // delivery journeys, which receive through the 'consumer' sandbox.
      testMatch: [
        /harvest\/.*\.spec\.ts/,
        /connectors\/organisation-connector\.spec\.ts/,
        /connectors\/crawled-offer-delivery\.spec\.ts/,
      ],
      use: { browserName: 'chromium', storageState: BUYER_STATE },
    },
  ],
  webServer: {
    // A fresh catalogue each run: the journeys count on the seeded demo data only.
    command: `rm -rf "${DATA_DIR}" && node --import tsx apps/server/src/main.ts`,
    cwd: root,
    url: `http://127.0.0.1:${PORT}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      // The issuer and the redirect URIs live under the address the browser uses.
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      DATA_DIR,
      SEED_DATASETS: String(SEED_DATASETS),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // The harvest journey adds a fixture catalogue file through the API, which reads files only in this folder.
      // The direct-download journey's supplier source is a file the marketplace itself serves on loopback.
      DOWNLOAD_ALLOWED_HOSTS: '127.0.0.1',
      HARVEST_FILE_DIR: path.resolve(root, '..', 'shared', 'fixtures', 'catalog'),
      // The preview journey serves its sample file on loopback from inside the test.
      PREVIEW_ALLOWED_HOSTS: '127.0.0.1',
      // The API gateway journey runs its supplier API on loopback.
      GATEWAY_ALLOWED_HOSTS: '127.0.0.1',
      // The organisation-connector journey runs the organisation's connector on 'localhost' (127.0.0.1 stays refused).
      CONNECTOR_ALLOWED_HOSTS: 'localhost',
      // The saved-search journey waits for the alert job; every few seconds keeps it short.
      ALERT_CHECK_INTERVAL_SECONDS: '3',
    },
  },
});
