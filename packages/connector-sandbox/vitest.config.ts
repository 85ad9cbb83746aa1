import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'connector-sandbox', environment: 'node', testTimeout: 15_000 } });
