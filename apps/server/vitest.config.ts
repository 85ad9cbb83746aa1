import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    globalSetup: ['./src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Test files share one PostgreSQL server (each gets its own database); two workers suit the 2-core machines.
    maxWorkers: 2,
  },
});
