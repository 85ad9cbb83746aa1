import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Test files share one PostgreSQL server (each gets its own database); two workers suit 2-core machines.
    maxWorkers: 2,
    projects: ['packages/*', 'apps/server', 'apps/web', 'bench'],
  },
});
