import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** In development the SPA runs on Vite and the API, identity provider and docs on port 3000. */
const apiTarget = process.env.VITE_API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    // The sign-in page's JSON endpoints and script live under /signin/<uid>/ on the API server
    // (the provider scopes its interaction cookie to that path); the page itself is the SPA's.
    proxy: {
      '/api': apiTarget,
      '/oidc': apiTarget,
      '^/signin/[^/]+/(details|login|abort)$': apiTarget,
      '/signin/auto-submit.js': apiTarget,
    },
  },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1500 },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
