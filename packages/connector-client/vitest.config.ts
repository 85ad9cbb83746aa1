import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'connector-client', environment: 'node' } });
