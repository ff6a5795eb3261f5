import { defineConfig } from 'vitest/config';

/** One Vitest run over the workspace; each package keeps its own test settings. */
export default defineConfig({
  test: { projects: ['packages/shared', 'apps/api', 'apps/web'] },
});
