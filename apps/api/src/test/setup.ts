import { vi } from 'vitest';

// The API test files share a worker (isolate: false in vitest.config.ts), so Fastify, PGlite and
// the document libraries load once per worker instead of once per file. Our own modules are loaded
// afresh for each file, so no module state (limits, caches, clocks) carries over from another file.
vi.resetModules();
