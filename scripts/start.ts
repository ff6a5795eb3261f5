/**
 * `npm start`: builds the web app when its build is missing or older than its sources, then runs
 * vbuilder (API, identity provider and SPA on one port) with the embedded database by default.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuild, WEB_DIST } from './ensure-web-build.ts';

ensureWebBuild();
process.env.WEB_DIST ??= WEB_DIST;
process.chdir(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));
await import('../apps/api/src/server.ts');
