import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import { badRequest, notFound } from './errors.ts';
import type { FileStore } from './files.ts';

/**
 * Images people upload (profile images, question images): read from a multipart request, checked by
 * their bytes, stored under random unguessable names and served publicly by those names, so <img>
 * tags need no token.
 *
 * Served to anyone with the link, by decision: the link is the capability. A name is a random
 * UUID (122 random bits), so an image is found only through a page that shows it to someone
 * allowed to see that page. A session check would break what images are for: the attempt screen's
 * <img> tags cannot send the bearer token (it lives in memory, DPoP-bound), the service worker
 * precaches an exam's images for a student who loses the network, and an image must not vanish
 * mid-exam when a token expires. The links never leave the site in a Referer (strict-origin), and
 * search engines are told not to index them (X-Robots-Tag). Question images are not secret once an
 * exam shows them; one that must stay secret until the exam belongs in the question text, which
 * only the attempt reveals.
 */
export const IMAGE_EXTENSIONS = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
} as const;
export type ImageType = keyof typeof IMAGE_EXTENSIONS;

const CONTENT_TYPES = Object.fromEntries(
  Object.entries(IMAGE_EXTENSIONS).map(([mime, extension]) => [extension, mime]),
) as Record<string, string>;

// Only names we generate: a UUID and one of our extensions. Nothing else reaches the disk.
const IMAGE_NAME = new RegExp(
  `^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.(${Object.keys(CONTENT_TYPES).join('|')})$`,
);

/** Checks the bytes (never the file name or the declared type) against the allowed image types. */
export async function detectImageType<T extends ImageType>(
  bytes: Uint8Array,
  allowed: readonly T[],
  what: string,
): Promise<T> {
  const mime = (await fileTypeFromBuffer(bytes))?.mime as T | undefined;
  if (!mime || !allowed.includes(mime)) {
    throw badRequest('unsupported_file_type', `${what} must be one of: ${allowed.join(', ')}`);
  }
  return mime;
}

/** A fresh storage key for an image of this type under `prefix`. */
export const newImageKey = (prefix: string, mime: ImageType) =>
  `${prefix}/${randomUUID()}.${IMAGE_EXTENSIONS[mime]}`;

/** Registers GET /files/<prefix>/:name serving the images stored under that prefix. */
export function serveStoredImages(
  app: FastifyInstance,
  files: FileStore,
  prefix: string,
  schema: { tags: string[]; summary: string },
) {
  app.get(
    `/files/${prefix}/:name`,
    {
      schema: { ...schema, security: [], params: z.object({ name: z.string() }) },
      config: { policy: 'public' },
    },
    async (req, reply) => {
      const { name } = req.params as { name: string };
      if (!IMAGE_NAME.test(name)) throw notFound('image');
      const bytes = await files.readFile(`${prefix}/${name}`);
      if (!bytes) throw notFound('image');
      return (
        reply
          .type(CONTENT_TYPES[name.split('.').pop()!]!)
          .header('x-content-type-options', 'nosniff')
          .header('x-robots-tag', 'noindex, nofollow')
          // A stored image never changes: a new upload gets a new name.
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(bytes)
      );
    },
  );
}
