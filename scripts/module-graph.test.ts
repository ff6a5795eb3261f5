/**
 * The API's modules (apps/api/src/modules/<m>) form no cycle: if module A imports module B, B must
 * not reach A through any chain of imports, so each module can be read, tested and changed from its
 * dependencies up (docs/architecture/overview.md#boundaries). The graph is read from the source's
 * relative imports (tests excluded: they may cross modules to set up their data).
 * A cycle is broken by moving what creates it to the module that owns it; a failure names the
 * modules of each cycle.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const modulesDir = path.join(root, 'apps/api/src/modules');

const isTest = (file: string) => /\.test\.tsx?$|(^|\/)test-[^/]*\.ts$|\/test\//.test(file);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !isTest(full) ? [full] : [];
  });
}

/** Module → the modules its non-test source imports. */
export function moduleGraph(): Map<string, Set<string>> {
  const modules = readdirSync(modulesDir).filter((m) => statSync(path.join(modulesDir, m)).isDirectory());
  const graph = new Map(modules.map((m) => [m, new Set<string>()]));
  for (const m of modules) {
    for (const file of sourceFiles(path.join(modulesDir, m))) {
      const text = readFileSync(file, 'utf8');
      for (const [, specifier] of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
        const target = path.relative(modulesDir, path.resolve(path.dirname(file), specifier!));
        const other = target.split(path.sep)[0]!;
        if (!target.startsWith('..') && other !== m && graph.has(other)) graph.get(m)!.add(other);
      }
    }
  }
  return graph;
}

/** The strongly connected components with more than one module (Tarjan), as sorted names. */
export function cyclesOf(graph: Map<string, Set<string>>): string[] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[] = [];
  const visit = (v: string) => {
    indexOf.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indexOf.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
    }
    if (low.get(v) === indexOf.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort().join(' '));
    }
  };
  for (const v of graph.keys()) if (!indexOf.has(v)) visit(v);
  return found.sort();
}

describe('the API modules', () => {
  it('form no cycle', () => {
    expect(cyclesOf(moduleGraph())).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(cyclesOf(graph)).toEqual(['a b c']);
    expect(
      cyclesOf(
        new Map([
          ['a', new Set(['b'])],
          ['b', new Set<string>()],
        ]),
      ),
    ).toEqual([]);
  });
});
