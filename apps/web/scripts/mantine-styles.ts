import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

/**
 * Mantine's stylesheets, each with the code that uses it (Lighthouse on the attempt
 * screen). `@mantine/core/styles.layer.css` holds all 102 components' rules (250 KB): every page
 * parsed it before its first paint and matched its rules on every style recalculation, though the
 * attempt screen uses a third of them. In a build, each component's rules are imported by the
 * module that holds its class names (`<Name>.module.mjs`, which Mantine ships for every component
 * with styles), so Vite puts them in the chunk of the code that renders the component: the attempt
 * screen's stylesheet holds the shell's and the players' components, and an authoring screen's
 * chunk brings the rest. A component's own imports come before its class names, so the rules of
 * what it builds on (Button on UnstyledButton) come first: the order Mantine's own file has. The
 * add-on packages (dates, dropzone, tiptap, notifications, charts) ship one stylesheet each: it
 * is imported by each of their class-name modules, after the core components they build on, as
 * Mantine asks (core styles first).
 *
 * `virtual:mantine-styles.css` (imported once, by the entry) holds what is not a component's:
 * the reset, the default CSS variables and the global utility classes. In development Vite
 * pre-bundles Mantine without running this plugin over it, so there it holds every stylesheet.
 * Nothing else in the app imports a Mantine stylesheet.
 */
export const MANTINE_STYLES = 'virtual:mantine-styles.css';
const RESOLVED = '/__mantine-styles.css';

const ADD_ONS = ['dates', 'dropzone', 'tiptap', 'notifications', 'charts'] as const;
const CORE_MODULE = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/]([A-Za-z]+)\.module\.mjs$/;
const ADD_ON_MODULE = new RegExp(
  `[\\\\/]@mantine[\\\\/](${ADD_ONS.join('|')})[\\\\/]esm[\\\\/].*\\.module\\.mjs$`,
);

const require = createRequire(import.meta.url);
const read = (file: string) => readFileSync(require.resolve(file), 'utf8');

/** The stylesheet an id of Mantine's needs imported first, if any. */
export function stylesheetFor(id: string): string | null {
  const core = CORE_MODULE.exec(id);
  if (core) return `@mantine/core/styles/${core[1]}.layer.css`;
  const addOn = ADD_ON_MODULE.exec(id);
  return addOn ? `@mantine/${addOn[1]}/styles.layer.css` : null;
}

export function mantineStyles(): Plugin {
  let build = false;
  return {
    name: 'vbuilder:mantine-styles',
    enforce: 'pre',
    configResolved(config) {
      build = config.command === 'build';
    },
    resolveId(source) {
      return source === MANTINE_STYLES ? RESOLVED : null;
    },
    load(id) {
      if (id !== RESOLVED) return null;
      const files = build
        ? ['baseline', 'default-css-variables', 'global'].map(
            (name) => `@mantine/core/styles/${name}.layer.css`,
          )
        : ['@mantine/core/styles.layer.css', ...ADD_ONS.map((name) => `@mantine/${name}/styles.layer.css`)];
      return files.map(read).join('\n');
    },
    transform(code, id) {
      if (!build) return null;
      const stylesheet = stylesheetFor(id);
      return stylesheet ? { code: `import '${stylesheet}';\n${code}`, map: null } : null;
    },
  };
}
