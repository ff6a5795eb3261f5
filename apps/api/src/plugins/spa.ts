import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { matchLanguage } from '@vbuilder/shared';
import { languageFromHeaders } from '../i18n/index.ts';
import { displayMessage } from './errors.ts';

/**
 * Paths that belong to the server, never to the SPA's history fallback (`/orgs/`: the
 * organizations' did:web documents and status lists, certificates.issuer.routes.ts).
 */
const SERVER_PREFIXES = ['/api/', '/oidc/', '/oidc', '/orgs/'];

export const isServerPath = (url: string): boolean =>
  SERVER_PREFIXES.some((p) => url === p || url.startsWith(p.endsWith('/') ? p : `${p}/`));

/**
 * Build files that are never a page: a missing one is a 404, not index.html (a stale chunk, or a
 * source map, which the build keeps out of the served folder on purpose).
 */
const isBuildFile = (pathname: string): boolean =>
  pathname.startsWith('/assets/') || pathname.endsWith('.map');

/** The landing page's addresses (docs/product/screens.md: / and /login are the same screen). */
const LANDING_PATHS = new Set(['/', '/login']);

/**
 * The prerendered landing page (the build's landing/<lng>.html) in the language the app will
 * choose: ?lng=, else the language cookie, else Accept-Language (the web's detector's order).
 */
function landingFile(root: string, url: string, headers: { cookie?: string; 'accept-language'?: string }) {
  const query = new URLSearchParams(url.split('?')[1] ?? '').get('lng');
  const language = matchLanguage(query) ?? languageFromHeaders(headers);
  const file = path.join('landing', `${language}.html`);
  return existsSync(path.join(root, file)) ? file : 'index.html';
}

/**
 * Serves the built SPA and answers every other GET that accepts HTML with index.html, so deep
 * links like /account/home work after a reload. API and identity paths keep JSON 404s.
 *
 * The build writes a brotli and a gzip copy beside each text file (apps/web/scripts/served-build.ts);
 * preCompressed sends the one the browser accepts, with Content-Encoding and Vary: Accept-Encoding,
 * so nothing is compressed per request.
 */
export default fp(async function spaPlugin(app: FastifyInstance, opts: { webDist: string | undefined }) {
  const root = opts.webDist ? path.resolve(opts.webDist) : undefined;
  const hasSpa = !!root && existsSync(path.join(root, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      preCompressed: true,
      // '/' is the landing page, chosen per language below, not the bare index.html.
      index: false,
      // Hashed assets never change; index.html must always be revalidated to pick up a new build.
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn('The web app is not built: only the API is served (run `npm run build`).');
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    const reading = request.method === 'GET' || request.method === 'HEAD';
    if (hasSpa && reading && LANDING_PATHS.has(pathname)) {
      // The page differs by language: caches must keep one per cookie and Accept-Language.
      return reply
        .header('cache-control', 'no-cache')
        .header('vary', 'cookie, accept-language')
        .sendFile(landingFile(root!, request.url, request.headers));
    }
    if (hasSpa && reading && wantsHtml && !isServerPath(pathname) && !isBuildFile(pathname)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({
      code: 'not_found',
      message: displayMessage(request, 'not_found', `No route ${request.method} ${pathname}`),
    });
  });
});
