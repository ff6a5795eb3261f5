/**
 * What the service worker precaches: the shell and the student's attempt path
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
  css: string[];
  /** Every module the chunk holds (routes share one: vite.config's 'app' group). */
  modules: string[];
  isEntry: boolean;
}

/** A module's imports, from the bundler's module graph. */
export interface ModuleLinks {
  imports: readonly string[];
  dynamicImports: readonly string[];
}

/**
 * Where the attempt screen's own lazy imports are written: the answer widgets (and what they load
 * lazily: code languages, rich text), the submit dialog. Lazy imports elsewhere on its path (the
 * translation loader's, the shell's menus) are other screens, namespaces or first interactions.
 */
const ATTEMPT_LAZY_SOURCES = [
  '/src/app/routes/take-assessment-route.tsx',
  '/src/features/attempts/',
  '/src/components/questions/',
];

const slashes = (id: string) => id.split(path.sep).join('/');

/** Modules the attempt screen may load lazily while a student answers, followed through. */
function attemptLazyModules(graph: Map<string, ModuleLinks>): Set<string> {
  const lazy = new Set<string>();
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    const links = graph.get(id);
    if (!links) return;
    for (const next of links.imports) visit(next);
    if (!ATTEMPT_LAZY_SOURCES.some((source) => slashes(id).includes(source))) return;
    for (const next of links.dynamicImports) {
      lazy.add(next);
      visit(next);
    }
  };
  const route = ATTEMPT_ROUTES[ATTEMPT_ROUTES.length - 1]!;
  for (const id of graph.keys()) if (slashes(id).endsWith(`/src/${route}`)) visit(id);
  return lazy;
}

/** The files to precache, from the bundle's chunks and module graph. */
export function attemptPathFiles(
  chunks: Map<string, ChunkInfo>,
  graph: Map<string, ModuleLinks>,
): Set<string> {
  const keep = new Set<string>();
  const add = (file: string) => {
    if (keep.has(file)) return;
    const chunk = chunks.get(file);
    if (!chunk) return;
    keep.add(file);
    for (const css of chunk.css) keep.add(css);
    for (const next of chunk.imports) add(next);
  };
  const chunkOf = new Map<string, string>();
  const locale = /\/locales\/[^/]+\/([^/]+)\.json$/;
  for (const [file, chunk] of chunks) {
    for (const id of chunk.modules) chunkOf.set(id, file);
    if (chunk.isEntry) add(file);
    if (chunk.modules.some((id) => ATTEMPT_ROUTES.some((route) => slashes(id).endsWith(`/src/${route}`))))
      add(file);
    // By its modules, not its facade: the build puts several namespaces of a language in one
    // chunk (src/lib/i18n-bundles.ts), which has no facade module.
    const namespaces = chunk.modules.map((id) => locale.exec(slashes(id))?.[1]);
    if (namespaces.some((ns) => ns !== undefined && ATTEMPT_NAMESPACES.includes(ns))) add(file);
  }
  for (const id of attemptLazyModules(graph)) {
    const file = chunkOf.get(id);
    if (file) add(file);
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
          css: [...(output.viteMetadata?.importedCss ?? [])],
          modules: output.moduleIds,
          isEntry: output.isEntry,
        });
      }
      const graph = new Map<string, ModuleLinks>();
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        if (info) graph.set(id, { imports: info.importedIds, dynamicImports: info.dynamicallyImportedIds });
      }
      files = attemptPathFiles(chunks, graph);
    },
  };
  const keep = (url: string) => (/\.(?:js|css)$/.test(url) ? files.has(url.replace(/^\//, '')) : true);
  return { plugin, keep, kept: () => files };
}
