import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_NAMESPACES } from '../app/route-namespaces.ts';
import { MESSAGE_NAMESPACES } from './api-errors.ts';
import { INITIAL_NAMESPACES, NAMESPACES } from './i18n.ts';

/*
 * Namespaces are fetched when needed (lib/i18n.ts): a text whose namespace nobody asked for would
 * show as its key. These read the source: each file names the namespaces it reads, each feature
 * (and shared area with words) declares the namespaces its files read, and each route fetches the
 * namespaces of everything it imports.
 */

const SRC = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** Each area's namespaces.ts (the lists its screens read), by its folder from src ('features/users'). */
const DECLARATIONS = new Map(
  Object.entries(
    import.meta.glob<Record<string, readonly string[]>>(
      ['../features/*/namespaces.ts', '../components/*/namespaces.ts', './*/namespaces.ts'],
      { eager: true },
    ),
  ).map(([file, lists]) => {
    const folder = path.relative(SRC, path.resolve(SRC, 'lib', path.dirname(file)));
    return [folder.split(path.sep).join('/'), lists];
  }),
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const cache = new Map<string, { imports: string[]; declared: Set<string>; read: Set<string> }>();

/** A file's relative value imports, the namespaces its useTranslation calls name, and those its texts read. */
function parse(file: string) {
  const known = cache.get(file);
  if (known) return known;
  const source = readFileSync(file, 'utf8');
  const imports: string[] = [];
  for (const match of source.matchAll(/^\s*(import|export)\s+(?!type\s)[^;]*?from\s+['"](\.[^'"]+)['"]/gms)) {
    const target = path.resolve(path.dirname(file), match[2]!);
    if (existsSync(target) && /\.tsx?$/.test(target)) imports.push(target);
  }
  const declared = new Set<string>();
  for (const match of source.matchAll(/useTranslation\(\s*([^)]*)\)/g)) {
    const args = match[1]!;
    if (!args.trim()) declared.add('common');
    for (const name of args.matchAll(/['"]([a-zA-Z]+)['"]/g)) declared.add(name[1]!);
    if (args.includes('MESSAGE_NAMESPACES')) MESSAGE_NAMESPACES.forEach((ns) => declared.add(ns));
  }
  const read = new Set<string>();
  for (const match of source.matchAll(/\b(?:t|i18n\.t)\(\s*['"`]([a-zA-Z]+):/g)) read.add(match[1]!);
  for (const match of source.matchAll(/i18nKey=["'{`]+([a-zA-Z]+):/g)) read.add(match[1]!);
  const parsed = { imports, declared, read };
  cache.set(file, parsed);
  return parsed;
}

/**
 * Files that read a namespace through a `t` their callers pass in (the callers name it), or with
 * their own i18next instance.
 */
const GIVEN_T = new Set([
  'features/notifications/lib/notification-text.ts',
  // Renders the landing page at build time with its own instance and catalogs.
  'app/prerender-landing.tsx',
]);

const isInitial = (ns: string) => (INITIAL_NAMESPACES as readonly string[]).includes(ns);

/** The namespaces named by a set of files and everything they import. */
function namedFrom(files: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...files];
  const named = new Set<string>();
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const { imports, declared } = parse(file);
    declared.forEach((ns) => named.add(ns));
    stack.push(...imports);
  }
  return named;
}

describe('translation namespaces', () => {
  it('every file names the namespaces its texts read (or they are loaded before any screen)', () => {
    const missing: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const relative = path.relative(SRC, file).split(path.sep).join('/');
      if (GIVEN_T.has(relative)) continue;
      const { declared, read } = parse(file);
      for (const ns of read) {
        if (!declared.has(ns) && !(INITIAL_NAMESPACES as readonly string[]).includes(ns)) {
          missing.push(`${relative} reads ${ns}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('each feature, and each shared area with words, declares the namespaces its files read', () => {
    const areas = [
      ...readdirSync(path.join(SRC, 'features')).map((f) => `features/${f}`),
      ...readdirSync(path.join(SRC, 'components'), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => `components/${entry.name}`),
      ...readdirSync(path.join(SRC, 'lib'), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => `lib/${entry.name}`),
    ];
    const missing: string[] = [];
    const extra: string[] = [];
    for (const area of areas) {
      const files = sourceFiles(path.join(SRC, area)).filter((file) => !/[\\/]test-[^\\/]+$/.test(file));
      const own = new Set(
        [...files].flatMap((file) => [...parse(file).declared]).filter((ns) => !isInitial(ns)),
      );
      const lists = DECLARATIONS.get(area);
      const declared = new Set(Object.values(lists ?? {}).flat());
      for (const ns of own) if (!declared.has(ns)) missing.push(`${area} reads ${ns}`);
      // What its files read, or what the components and lib they render read (a screen's list
      // includes those); nothing else.
      const reachable = namedFrom(files);
      for (const ns of declared) if (!reachable.has(ns)) extra.push(`${area} declares ${ns}`);
    }
    expect(missing).toEqual([]);
    expect(extra).toEqual([]);
  });

  it('every route fetches, with its code, the namespaces of everything it imports', () => {
    const routes = readdirSync(path.join(SRC, 'app/routes')).filter((f) => /-route\.tsx$/.test(f));
    const unlisted = routes.filter((f) => !(f.replace('.tsx', '') in ROUTE_NAMESPACES));
    expect(unlisted).toEqual([]);
    const missing: string[] = [];
    for (const [route, listed] of Object.entries(ROUTE_NAMESPACES)) {
      const needed = namedFrom([path.join(SRC, 'app/routes', `${route}.tsx`)]);
      for (const ns of needed) {
        if (!isInitial(ns) && !(listed as readonly string[]).includes(ns))
          missing.push(`${route} needs ${ns}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('names only namespaces that exist', () => {
    const all = new Set<string>(NAMESPACES);
    const declared = [...DECLARATIONS.values()].flatMap((lists) => Object.values(lists).flat());
    const unknown = [...Object.values(ROUTE_NAMESPACES).flat(), ...declared].filter((ns) => !all.has(ns));
    expect(unknown).toEqual([]);
  });
});
