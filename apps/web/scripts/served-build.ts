/**
 * A Vite plugin that readies the build for serving (issue 15 point 7, issue 14's Lighthouse target):
 *
 * - every text asset (JS, CSS, HTML, SVG, JSON, the web manifest) gets a brotli (.br) and a gzip
 *   (.gz) sibling, compressed once at build time at the highest level, which the API's static
 *   plugin serves with Content-Encoding and Vary: Accept-Encoding (apps/api/src/plugins/spa.ts);
 * - the source maps leave the served folder for SOURCEMAP_DIR (beside it, git-ignored): the
 *   build is `sourcemap: 'hidden'`, so no file points to them, and nobody can download them.
 *
 * It runs last (after the service worker is generated, so sw.js is compressed too).
 */
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** What is worth compressing: text. Images like PNG and fonts like WOFF2 are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below this a compressed copy saves less than a packet: the file is served as it is. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** Writes file.br and file.gz when they are smaller than the file; returns the sizes written. */
export async function precompressFile(file: string): Promise<{ br?: number; gz?: number }> {
  const source = await readFile(file);
  if (source.length < MIN_BYTES) return {};
  const [br, gzipped] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gz(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const written: { br?: number; gz?: number } = {};
  if (br.length < source.length) {
    await writeFile(`${file}.br`, br);
    written.br = br.length;
  }
  if (gzipped.length < source.length) {
    await writeFile(`${file}.gz`, gzipped);
    written.gz = gzipped.length;
  }
  return written;
}

export function servedBuild({ sourcemapDir }: { sourcemapDir: string }): Plugin {
  let outDir = '';
  return {
    name: 'vbuilder:served-build',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (!(await stat(outDir).catch(() => null))) return;
        await rm(sourcemapDir, { recursive: true, force: true });
        const files = await filesUnder(outDir);
        let maps = 0;
        for (const file of files.filter((f) => f.endsWith('.map'))) {
          const target = path.join(sourcemapDir, path.relative(outDir, file));
          await mkdir(path.dirname(target), { recursive: true });
          await rename(file, target);
          maps++;
        }
        const compressible = files.filter((f) => COMPRESSIBLE.test(f));
        let br = 0;
        // A few at a time: brotli at quality 11 is CPU-heavy, and the machine is shared.
        for (let i = 0; i < compressible.length; i += 4) {
          const done = await Promise.all(compressible.slice(i, i + 4).map(precompressFile));
          br += done.filter((d) => d.br !== undefined).length;
        }
        console.log(
          `served-build: ${br} files precompressed (.br, .gz); ${maps} source maps moved to ${path.relative(process.cwd(), sourcemapDir)}`,
        );
      },
    },
  };
}
