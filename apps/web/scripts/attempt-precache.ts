/**
 * What the service worker precaches (issue 15 point 7): the shell and the student's attempt path
 * only, not every chunk of the build. A student who loses the network mid-assessment can reload and
 * keep answering; authoring, billing, the AI screens and the rest are fetched when opened.
 *
 * Kept: the app's entry and the chunks it imports, the root and /account layouts, the attempt
 * screen (take-assessment-route) with everything it imports or may load while a student answers
 * (the lazy answer widgets: code, rich text, links, and the code languages), the CSS those chunks
 * use, the translations of the namespaces on that path in every language, and the small static
 * files (index.html, icons, fonts). Everything else is left to the network.
 */
import path from 'node:path';
import type { Plugin } from 'vite';

/** Route modules on the path from the shell to an answered question. */
const ATTEMPT_ROUTES = [
  'app/routes/root-route.tsx',
  'app/routes/account-route.tsx',
  'app/routes/take-assessment-route.tsx',
];
/** The translation namespaces the shell and the attempt screen use (a student may pick any language). */
export const ATTEMPT_NAMESPACES = [
  'common',
  'errors',
  'validation',
  'auth',
  'accounts',
  'notifications',
  'attempts',
  'questions',
  'questionTypes',
];

interface ChunkInfo {
  imports: string[];
  dynamicImports: string[];
  css: string[];
  facade: string | null;
  isEntry: boolean;
}

/** The files to precache, from the bundle's chunk graph. */
export function attemptPathFiles(chunks: Map<string, ChunkInfo>): Set<string> {
  const keep = new Set<string>();
  const add = (file: string, withDynamic: boolean) => {
    if (keep.has(file)) return;
    const chunk = chunks.get(file);
    if (!chunk) return;
    keep.add(file);
    for (const css of chunk.css) keep.add(css);
    for (const next of chunk.imports) add(next, withDynamic);
    if (withDynamic) for (const next of chunk.dynamicImports) add(next, true);
  };
  const locale = /\/locales\/[^/]+\/([^/]+)\.json$/;
  for (const [file, chunk] of chunks) {
    const facade = chunk.facade?.split(path.sep).join('/') ?? '';
    if (chunk.isEntry) add(file, false);
    const route = ATTEMPT_ROUTES.findIndex((r) => facade.endsWith(`/src/${r}`));
    // The layouts' own lazy imports are other screens; the attempt screen's are its answer widgets.
    if (route >= 0) add(file, route === ATTEMPT_ROUTES.length - 1);
    const ns = locale.exec(facade)?.[1];
    if (ns && ATTEMPT_NAMESPACES.includes(ns)) add(file, false);
  }
  return keep;
}

/**
 * Collects the chunk graph at the end of the build; `keep(url)` then tells the service worker's
 * manifest (workbox manifestTransforms) which files to precache.
 */
export function attemptPrecache(): {
  plugin: Plugin;
  keep: (url: string) => boolean;
  kept: () => Set<string>;
} {
  let files = new Set<string>();
  const plugin: Plugin = {
    name: 'vbuilder:attempt-precache',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, ChunkInfo>();
      for (const [file, output] of Object.entries(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.set(file, {
          imports: output.imports,
          dynamicImports: output.dynamicImports,
          css: [...(output.viteMetadata?.importedCss ?? [])],
          facade: output.facadeModuleId,
          isEntry: output.isEntry,
        });
      }
      files = attemptPathFiles(chunks);
    },
  };
  const keep = (url: string) => (/\.(?:js|css)$/.test(url) ? files.has(url.replace(/^\//, '')) : true);
  return { plugin, keep, kept: () => files };
}
