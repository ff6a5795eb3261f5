import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    isolate: false,
    // Each file builds its own app on a fresh database; PGlite start-up is CPU bound.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
