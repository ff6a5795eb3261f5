/**
 * A Vite plugin that readies the build for serving, so the landing page keeps its Lighthouse score:
 *
 * - every text asset (JS, CSS, HTML, SVG, JSON, the web manifest) gets a brotli (.br) and a gzip
 *   (.gz) sibling, compressed once at build time at the highest level, which the API's static
 *   plugin serves with Content-Encoding and Vary: Accept-Encoding (apps/api/src/plugins/spa.ts);
 * - the source maps leave the served folder for SOURCEMAP_DIR (beside it, git-ignored): the
 *   build is `sourcemap: 'hidden'`, so no file points to them, and nobody can download them.
 *
 * - the landing page is prerendered to static HTML in each language (src/app/prerender-landing.tsx)
 *   into landing/<lng>.html, which the API sends for / and /login: the welcome and the features
 *   paint before the JavaScript has loaded.
 *
 * It runs last (after the service worker is generated, so sw.js is compressed too, and the
 * prerendered pages stay out of the precache: a returning visitor's service worker has the app).
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { createServer, type Plugin } from 'vite';
import { LANGUAGE_CODES } from '@vbuilder/shared';
import { PRODUCT_LINK_PLACEHOLDER, REPLAY_ATTRIBUTE } from '../src/lib/landing-contract.ts';
import { AUTH_KEYS, OIDC_STORAGE_PREFIX } from '../src/lib/auth/constants.ts';
import type * as Prerender from '../src/app/prerender-landing.tsx';
import { APP_BOOT_TAG, appAssetsOf } from './app-boot.ts';
import { escapeHtml } from '@vbuilder/shared/html';

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

/** Events by which a visitor acts on the page (a mouse moving over it counts: a click follows). */
const ACTING = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'pointermove'];

/**
 * The script the landing page loads in place of the app's entry (a visitor on / needs no
 * app code until they act; Lighthouse's blocking time was the app's start-up):
 *
 * - it imports the entry at once (after the first paint) only for a visitor who is signed in (the
 *   user cookie, or a stored session), whom the app sends on, and for /login?login=1, where the app
 *   signs in; anyone else gets the app when they first act on the page (pointer, touch, key, focus);
 * - it fetches GET /api/auth/config once for the page, puts the product links' addresses into the
 *   prerendered footer (prerender-landing.tsx's stand-ins), and leaves the answer in
 *   window.vbuilderAuthConfig for the app (lib/auth/oidc-client.ts) so the page asks only once;
 * - a click on a control the app must repeat (the language menu, data-landing-replay) is noted in
 *   window.vbuilderLandingReplay, which app/landing-shell.ts plays once the app has taken over.
 */
export const landingBootScript = (entry: string): string =>
  `(function(){var started=false,acting=${JSON.stringify(ACTING)};` +
  `function start(){if(started)return;started=true;acting.forEach(function(e){removeEventListener(e,onAct,true);});import(${JSON.stringify(entry)});}` +
  `function onAct(e){if(e.type==='pointermove'&&e.pointerType!=='mouse')return;start();}` +
  `addEventListener('click',function(e){var shell=document.getElementById('landing-shell'),t=e.target&&e.target.closest&&e.target.closest('[${REPLAY_ATTRIBUTE}]');` +
  `if(t&&shell&&shell.contains(t)){window.vbuilderLandingReplay=t.getAttribute('${REPLAY_ATTRIBUTE}');start();}},true);` +
  `var config=window.vbuilderAuthConfig=fetch('/api/auth/config',{credentials:'include',headers:{Accept:'application/json'}})` +
  `.then(function(r){return r.ok?r.json():null;}).catch(function(){return null;});` +
  `config.then(function(c){['learningPlatformUrl','supportUrl'].forEach(function(k){` +
  `document.querySelectorAll('a[href="${PRODUCT_LINK_PLACEHOLDER}'+k+'"]').forEach(function(a){var v=c&&c[k];` +
  `if(typeof v==='string'&&/^https?:/i.test(v))a.href=v;else if(a.parentNode)a.parentNode.remove();});});});` +
  `var signedIn=false;try{signedIn=/(?:^|;\\s*)(?:${AUTH_KEYS.userCookie}|${AUTH_KEYS.legacyUserCookie})=/.test(document.cookie)||` +
  `Object.keys(localStorage).some(function(k){return k.indexOf('${OIDC_STORAGE_PREFIX}user:')===0;});}catch(e){}` +
  `if(signedIn||/[?&]login=1(?:&|$)/.test(location.search)){requestAnimationFrame(function(){setTimeout(start,0);});setTimeout(start,100);}` +
  `else acting.forEach(function(e){addEventListener(e,onAct,{capture:true,passive:true});});})();\n`;

/** index.html's boot spinner: the element and its picture (it holds no other element). */
const BOOT_SPINNER = /\s*<div id="boot-spinner"[^>]*>[\s\S]*?<\/div>/;

/**
 * index.html with the prerendered landing page before the app's root. The app renders into #root,
 * hidden while the prerendered page is there; app/landing-shell.ts removes that page once the app
 * shows a screen of its own. The app's boot script (app-boot.ts) gives way to the stylesheets and
 * the landing page's boot script, the boot spinner goes (it was drawn over the page while #root
 * was empty), and the service worker is not registered here: the signed-in app (index.html)
 * registers it.
 */
export function landingHtml(
  indexHtml: string,
  lng: string,
  page: { html: string; title: string; description: string },
  bootSrc: string,
): string {
  return (
    indexHtml
      .replace(/<html lang="[^"]*">/, `<html lang="${lng}" data-mantine-color-scheme="light">`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
      .replace(/(<meta name="description" content=")[^"]*(")/, `$1${escapeHtml(page.description)}$2`)
      // The prerendered page needs the app's stylesheets at once; the app's code waits for the visitor.
      .replace(
        APP_BOOT_TAG,
        appAssetsOf(indexHtml)
          .styles.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`)
          .join(''),
      )
      .replace(/\s*<script [^>]*id="vite-plugin-pwa:register-sw"[^>]*><\/script>/, '')
      .replace(
        '</head>',
        `<style>#landing-shell ~ #root { display: none; } #landing-shell li:has(> a[href^="${PRODUCT_LINK_PLACEHOLDER}"]) { display: none; }</style><script defer src="${bootSrc}"></script></head>`,
      )
      .replace('<div id="root"></div>', `<div id="landing-shell">${page.html}</div><div id="root"></div>`)
      // The page is its own content while the app loads: no boot spinner drawn over it.
      .replace(BOOT_SPINNER, '')
  );
}

/** Renders the landing page in every language with Vite's SSR loader (the app's own components). */
async function prerenderLanding(root: string, outDir: string) {
  const indexHtml = await readFile(path.join(outDir, 'index.html'), 'utf8');
  const vite = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const { renderLanding } = (await vite.ssrLoadModule(
      '/src/app/prerender-landing.tsx',
    )) as typeof Prerender;
    await mkdir(path.join(outDir, 'landing'), { recursive: true });
    const boot = landingBootScript(appAssetsOf(indexHtml).entry);
    // Named by its content like the other assets, so it can be cached for good too.
    const bootSrc = `/assets/landing-boot-${createHash('sha256').update(boot).digest('base64url').slice(0, 8)}.js`;
    await writeFile(path.join(outDir, bootSrc), boot);
    for (const lng of LANGUAGE_CODES) {
      const page = await renderLanding(lng);
      await writeFile(
        path.join(outDir, 'landing', `${lng}.html`),
        landingHtml(indexHtml, lng, page, bootSrc),
      );
    }
  } finally {
    await vite.close();
  }
}

export function servedBuild({ sourcemapDir }: { sourcemapDir: string }): Plugin {
  let outDir = '';
  let root = '';
  return {
    name: 'vbuilder:served-build',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (!(await stat(outDir).catch(() => null))) return;
        await rm(sourcemapDir, { recursive: true, force: true });
        await prerenderLanding(root, outDir);
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
          `served-build: landing page prerendered in ${LANGUAGE_CODES.length} languages; ${br} files precompressed (.br, .gz); ${maps} source maps moved to ${path.relative(process.cwd(), sourcemapDir)}`,
        );
      },
    },
  };
}
