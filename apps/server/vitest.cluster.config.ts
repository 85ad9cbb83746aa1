import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

/**
 * `npm run test:cluster`: two server processes behind HAProxy on one PostgreSQL (scripts/cluster-lib.mjs). Apart
 * from the unit and API tests: it starts real processes several times over, which takes a minute on a busy machine.
 */
export default defineProject({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'cluster',
    environment: 'node',
    include: ['src/**/*.cluster-test.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
