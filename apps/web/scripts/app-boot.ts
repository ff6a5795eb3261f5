/**
 * The built index.html paints before it asks for the app (Lighthouse on the attempt
 * screen). Vite's page asks for the app's code, its preloads and its stylesheets in the <head>: a
 * phone on a slow network shares its bandwidth between the 230 KB of JavaScript and the stylesheets
 * the first paint waits for, so the page stayed blank (2.5 s in Lighthouse's slow 4G) though all it
 * had to show was the spinner, whose style is in the page itself.
 *
 * Here the page keeps only a tiny classic script (no inline script: the Content-Security-Policy
 * allows scripts from our origin only). Once the spinner is painted it asks for the stylesheets, the
 * entry and its preloads at once, so everything downloads side by side as before, and runs the entry
 * when the stylesheets are in: the app never renders unstyled. A tab opened in the background, where frames
 * are not painted, starts after 100 ms all the same.
 *
 * The prerendered landing page (served-build.ts) replaces this script with its own boot, which
 * imports the entry only when the visitor needs the app.
 */
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

/** The boot script's source: data-entry, data-styles and data-preloads say what to load. */
export const APP_BOOT_SOURCE =
  `(function(){var me=document.currentScript,d=document,started=false;` +
  `function list(name){return (me.getAttribute(name)||'').split(' ').filter(Boolean);}` +
  `var entry=me.getAttribute('data-entry'),styles=list('data-styles'),preloads=list('data-preloads');` +
  `function link(rel,href){var l=d.createElement('link');l.rel=rel;l.href=href;l.crossOrigin='';d.head.appendChild(l);return l;}` +
  `function start(){if(started)return;started=true;` +
  `[entry].concat(preloads).forEach(function(href){link('modulepreload',href);});` +
  `var pending=styles.length;function ready(){if(--pending<=0)import(entry);}` +
  `if(!pending){import(entry);return;}` +
  `styles.forEach(function(href){var l=link('stylesheet',href);l.onload=ready;l.onerror=ready;});}` +
  `requestAnimationFrame(function(){setTimeout(start,0);});setTimeout(start,100);})();\n`;

/** Named by its content like the other assets, so it is cached for good. */
export const APP_BOOT_FILE = `assets/app-boot-${createHash('sha256').update(APP_BOOT_SOURCE).digest('base64url').slice(0, 8)}.js`;

/** What Vite's built page asks for in its <head>. */
export interface AppAssets {
  entry: string;
  styles: string[];
  preloads: string[];
}

const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const STYLE = /\s*<link rel="stylesheet" crossorigin href="([^"]+)">/g;
const BOOT =
  /<script defer src="[^"]+" data-entry="([^"]*)" data-styles="([^"]*)" data-preloads="([^"]*)"><\/script>/;

const attr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const unattr = (text: string) => text.replace(/&quot;/g, '"').replace(/&amp;/g, '&');
const words = (text: string) => unattr(text).split(' ').filter(Boolean);

/** Vite's page → the page with the boot script in place of the entry, preloads and stylesheets. */
export function withAppBoot(html: string): string {
  const entry = ENTRY.exec(html)?.[1];
  if (!entry) throw new Error('app-boot: no module script in index.html');
  const preloads = [...html.matchAll(PRELOAD)].map((m) => m[1]!);
  const styles = [...html.matchAll(STYLE)].map((m) => m[1]!);
  const boot =
    `<script defer src="/${APP_BOOT_FILE}" data-entry="${attr(entry)}" ` +
    `data-styles="${attr(styles.join(' '))}" data-preloads="${attr(preloads.join(' '))}"></script>`;
  return html
    .replace(ENTRY, '')
    .replace(PRELOAD, '')
    .replace(STYLE, '')
    .replace('</head>', `${boot}\n  </head>`);
}

/** What a page made by withAppBoot loads. */
export function appAssetsOf(html: string): AppAssets {
  const boot = BOOT.exec(html);
  if (!boot) throw new Error('app-boot: no boot script in index.html');
  return { entry: unattr(boot[1]!), styles: words(boot[2]!), preloads: words(boot[3]!) };
}

/** The boot script's tag in a page made by withAppBoot (the landing pages put their own in its place). */
export const APP_BOOT_TAG = BOOT;

/** The Vite plugin: writes the boot script with the build and rewrites the built index.html. */
export function appBoot(): Plugin {
  return {
    name: 'vbuilder:app-boot',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: APP_BOOT_FILE, source: APP_BOOT_SOURCE });
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html, context) => (context.bundle ? withAppBoot(html) : html),
    },
  };
}
