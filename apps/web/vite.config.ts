import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { APP_BOOT_FILE, appBoot } from './scripts/app-boot.ts';
import { attemptPrecache } from './scripts/attempt-precache.ts';
import { mantineStyles } from './scripts/mantine-styles.ts';
import { catalogChunkName } from './src/lib/i18n-bundles.ts';
import { servedBuild } from './scripts/served-build.ts';

/** In development the SPA runs on Vite and the API, identity provider and docs on port 3000. */
const apiTarget = process.env.VITE_API_TARGET ?? 'http://localhost:3000';

const precache = attemptPrecache();

/**
 * A service worker that precaches the shell and the attempt path (scripts/attempt-precache.ts), so
 * a student who loses the network mid-assessment can reload and keep answering (answers wait in
 * IndexedDB); every other screen's code is fetched when opened. It never caches the API or the
 * identity provider: those always go to the network.
 */
const offlineApp = VitePWA({
  strategies: 'generateSW',
  registerType: 'autoUpdate',
  // A file, not an inline script: the Content-Security-Policy allows scripts from our origin only.
  // Deferred: the registration waits for the page's load event anyway, so its script need not hold
  // up the parser and the first paint while it downloads.
  injectRegister: 'script-defer',
  manifest: false,
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}'],
    // Not the prerendered landing pages: a returning visitor's service worker has the app.
    globIgnores: ['landing/**', 'assets/landing-boot-*.js'],
    manifestTransforms: [
      (entries) =>
        Promise.resolve({
          manifest: entries.filter((e) => e.url === APP_BOOT_FILE || precache.keep(e.url)),
          warnings: [],
        }),
    ],
    // The code editor and rich text chunks are large; they must work offline too.
    maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/oidc(\/|$)/, /^\/signin\/[^/]+\/(details|login|abort)$/],
    // Any other chunk of the app a student's browser loaded while online is kept too (hashed names:
    // a file never changes), so a screen opened before the network went stays usable.
    runtimeCaching: [
      {
        urlPattern: ({ sameOrigin, url }) => sameOrigin && url.pathname.startsWith('/assets/'),
        handler: 'CacheFirst',
        options: {
          cacheName: 'vbuilder-assets',
          expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 },
        },
      },
    ],
    cleanupOutdatedCaches: true,
    // Its map would only be moved out of the served folder (servedBuild) like the app's.
    sourcemap: false,
    clientsClaim: true,
    skipWaiting: true,
  },
});

export default defineConfig({
  plugins: [
    react(),
    mantineStyles(),
    ...(process.env.VITEST ? [] : [precache.plugin, offlineApp]),
    appBoot(),
    servedBuild({ sourcemapDir: fileURLToPath(new URL('./sourcemaps', import.meta.url)) }),
  ],
  server: {
    port: 5173,
    // The sign-in page's JSON endpoints and script live under /signin/<uid>/ on the API server
    // (the provider scopes its interaction cookie to that path); the page itself is the SPA's.
    proxy: {
      '/api': apiTarget,
      '/oidc': apiTarget,
      // The organizations' did:web documents and status lists (Open Badges verification).
      '/orgs/': apiTarget,
      '^/signin/[^/]+/(details|login|abort)$': apiTarget,
      '/signin/auto-submit.js': apiTarget,
    },
  },
  // Source maps for our own debugging, never served: 'hidden' leaves no pointer in the code, and
  // servedBuild moves the files to apps/web/sourcemaps.
  build: {
    outDir: 'dist',
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // family-players.tsx imports every player on demand; the two the app chunk holds (above) are
      // already there, which is what Rolldown's note about those two imports says.
      onLog(level, log, handler) {
        if (
          log.code === 'INEFFECTIVE_DYNAMIC_IMPORT' &&
          /families[\\/](choice|true-false)[\\/]/.test(log.message)
        )
          return;
        handler(level, log);
      },
      output: {
        codeSplitting: {
          groups: [
            {
              // The signed-in shell and the attempt screen, with everything they import, in one
              // chunk. Left to automatic chunking, the path from a reload to an
              // answered question was 125 files, each compressed on its own: 40 KB more on the
              // wire than the same code in one file. Staff screens load it too (they need most of
              // it: React Router, Mantine, zod, i18next); the attempt-only part is about 30 KB.
              // The players of the commonest questions (choice, true/false) and the inputs they
              // build on come with it: fetched with the first question, they were 17 small files
              // (code and styles) that a phone's six connections took three rounds to bring.
              name: 'app',
              test: /[\\/]src[\\/](app[\\/]routes[\\/](root-route|account-route|take-assessment-route)\.tsx|components[\\/]questions[\\/]families[\\/](choice|true-false)[\\/][a-z-]+-player\.tsx)$/,
              includeDependenciesRecursively: true,
            },
            // The words every signed-in screen and the attempt screen read first, one file per
            // language and bundle instead of one per namespace (src/lib/i18n-bundles.ts).
            { name: catalogChunkName },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // Files share a worker's loaded modules; setup.ts resets what a file could leave behind.
    isolate: false,
  },
});
