import { unzipSync, zipSync, type Zippable } from 'fflate';
import { hostile, malformed, tooLarge } from './errors.ts';
import { INTERCHANGE_LIMITS } from './types.ts';

/** Whether the bytes start like a zip archive (local file header or empty archive). */
export const isZip = (bytes: Uint8Array): boolean =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5);

/** A package path made safe to compare: forward slashes, no './', no leading '/'. */
export function normalisePackagePath(name: string): string {
  return name
    .replace(/\\/g, '/')
    .replace(/^(\.\/)+/, '')
    .replace(/\/\.\//g, '/');
}

/** The caps a zip is read under: entries, uncompressed bytes of all entries, and one entry's ratio. */
export interface ZipLimits {
  zipEntries: number;
  zipTotalBytes: number;
  zipRatio: number;
}

/**
 * Reads a zip package, refusing what could hurt: entries whose path leaves the package ('..',
 * absolute paths, drive letters), more than `limits.zipEntries` entries, more than zipTotalBytes
 * uncompressed, or an entry that inflates more than zipRatio times its compressed size (a zip
 * bomb). Sizes come from the central directory and are checked before anything is inflated;
 * inflation is bounded by them (fflate writes into a buffer of the declared size), so a lying
 * header cannot grow past a cap. The one reader of uploaded zips: question packages and DOCX
 * sources for AI generation (ai-source.ts, with smaller limits).
 */
export function readZip(bytes: Uint8Array, limits: ZipLimits = INTERCHANGE_LIMITS): Map<string, Uint8Array> {
  let entries = 0;
  let total = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        const name = file.name.replace(/\\/g, '/');
        if (name.startsWith('/') || /^[a-z]:/i.test(name) || name.split('/').includes('..'))
          throw hostile(file.name, 'path outside the package');
        entries += 1;
        if (entries > limits.zipEntries) throw tooLarge('', 'too many entries in the package');
        total += file.originalSize;
        if (total > limits.zipTotalBytes) throw hostile(file.name, 'package too large when unpacked');
        if (file.originalSize > 1024 * 1024 && file.originalSize > file.size * limits.zipRatio)
          throw hostile(file.name, 'compression ratio too high');
        return !name.endsWith('/');
      },
    });
  } catch (error) {
    if (error instanceof Error && error.name === 'InterchangeFileError') throw error;
    throw malformed('', `not a readable zip archive (${error instanceof Error ? error.message : 'unknown'})`);
  }
  const out = new Map<string, Uint8Array>();
  for (const [name, data] of Object.entries(files)) out.set(normalisePackagePath(name), data);
  return out;
}

/** Writes a zip package (deflate, fixed timestamps so the same content gives the same bytes). */
export function writeZip(files: Map<string, Uint8Array>): Uint8Array {
  const zippable: Zippable = {};
  const mtime = new Date('2020-01-01T00:00:00Z');
  for (const [name, data] of files) zippable[name] = [data, { level: 6, mtime }];
  return zipSync(zippable);
}
