import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import compress from '@fastify/compress';

/**
 * Text the API writes per request, JSON above all, compressed for the browsers that accept it
 *: brotli at quality 4 (the plugin's default: cheap on the CPU), else gzip.
 * Server-sent events are never compressed (a compressor holds back what the stream must send at
 * once), nor are uploads and downloads sent as octet-stream or other binary types. The built SPA's
 * files arrive compressed already (plugins/spa.ts) and are left as they are.
 */
export const COMPRESSIBLE_TYPES =
  /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)(?:xml|javascript)(?:;|$)/;

export default fp(async function compressionPlugin(app: FastifyInstance) {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: COMPRESSIBLE_TYPES,
  });
});
