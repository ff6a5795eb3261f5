import { defineConfig } from 'vitest/config';

/** One Vitest run over the workspace; each package keeps its own test settings. */
export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      'apps/api',
      'apps/web',
      // checks of the repository itself (the lint rules' layer boundaries)
      {
        test: {
          name: 'repo',
          environment: 'node',
          include: ['scripts/**/*.test.ts'],
          testTimeout: 30_000,
          // They read files and run tools; none changes a loaded module, so a worker keeps them.
          isolate: false,
        },
      },
    ],
  },
});
