import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';

/**
 * Multipart bodies (uploads), registered once for the whole app. Routes read their one file with
 * readUploadedFile (lib/files.ts), which passes that route's own size limit; these are the limits
 * every upload shares: one file and a handful of fields.
 */
export default fp(async function multipartPlugin(app: FastifyInstance) {
  await app.register(multipart, { limits: { files: 1, fields: 10, parts: 11 } });
});
