import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAMILIES, FAMILY_IDS, QUESTION_TYPES } from '@vbuilder/shared';
import {
  FAMILY_DIRS,
  REGISTRIES,
  REPO_ROOT,
  familyFolders,
  kebabCase,
  scaffoldFamily,
} from './new-family.ts';

/**
 * A family is a folder on each side (docs/architecture/question-families.md): every folder is
 * registered, every registered family has its folders, and `npm run new:family` scaffolds one
 * that type-checks.
 */

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
/** The family folders a registry imports (`./families/<folder>/…` or `./<folder>/…`). */
const importedFolders = (source: string, prefix: string) =>
  [
    ...new Set(
      [...source.matchAll(new RegExp(`from '${prefix.replace(/[./]/g, '\\$&')}([a-z0-9-]+)/`, 'g'))].map(
        (m) => m[1]!,
      ),
    ),
  ].sort();
const folderOf = (id: string) => kebabCase(id);
const ALL = FAMILY_IDS.map(folderOf).sort();

describe('family folders and registries', () => {
  it('packages/shared: a folder per family id, each in FAMILIES', () => {
    expect(familyFolders(REPO_ROOT, 'shared')).toEqual(ALL);
    expect(Object.keys(FAMILIES).sort()).toEqual([...FAMILY_IDS].sort());
    expect(importedFolders(read(REGISTRIES.families), './')).toEqual(ALL);
  });

  it('every family serves a question type, and every type names a family', () => {
    for (const id of FAMILY_IDS)
      expect(
        QUESTION_TYPES.some((type) => type.family === id),
        id,
      ).toBe(true);
    for (const type of QUESTION_TYPES) expect(FAMILY_IDS, type.id).toContain(type.family);
  });

  it('apps/web: a folder per family, in FAMILY_COMPONENTS, FAMILY_TRAITS and the players the attempt screen loads', () => {
    expect(familyFolders(REPO_ROOT, 'web')).toEqual(ALL);
    expect(importedFolders(read(REGISTRIES.components), './families/')).toEqual(ALL);
    expect(importedFolders(read(REGISTRIES.traits), './families/')).toEqual(ALL);
    expect(
      [...read(REGISTRIES.players).matchAll(/import\('\.\/families\/([a-z0-9-]+)\//g)]
        .map((m) => m[1])
        .sort(),
    ).toEqual(ALL);
  });

  it('the interchange module: a folder per family, each in FAMILY_INTERCHANGE', () => {
    expect(familyFolders(REPO_ROOT, 'interchange')).toEqual(ALL);
    expect(importedFolders(read(REGISTRIES.converters), './')).toEqual(ALL);
    for (const id of FAMILY_IDS) expect(read(REGISTRIES.converters)).toContain(`  ${id}: ${id}Interchange,`);
  });
});

/*
 * The scaffold, in a copy of the sources the family touches (the checkout itself is left alone:
 * other tests run beside this one), then type-checked: the shared families, the web's family
 * registries and the interchange registry, with the new family's files.
 */
describe('npm run new:family', () => {
  let copy = '';
  let written: string[] = [];

  beforeAll(() => {
    copy = mkdtempSync(path.join(tmpdir(), 'vb-new-family-'));
    const skip = (source: string) =>
      !/[\\/](locales|fixtures|golden|e2e)$/.test(source) || source.includes('packages/shared/src/locales');
    for (const dir of ['packages/shared/src', 'apps/web/src', 'apps/api/src']) {
      cpSync(path.join(REPO_ROOT, dir), path.join(copy, dir), {
        recursive: true,
        filter: (source) => skip(source) && !/\.test\.tsx?$/.test(source),
      });
    }
    cpSync(path.join(REPO_ROOT, 'tsconfig.base.json'), path.join(copy, 'tsconfig.base.json'));
    for (const modules of ['node_modules', 'apps/web/node_modules', 'apps/api/node_modules']) {
      if (existsSync(path.join(REPO_ROOT, modules)))
        symlinkSync(path.join(REPO_ROOT, modules), path.join(copy, modules), 'dir');
    }
    written = scaffoldFamily(copy, 'test-spot');
  }, 120_000);
  afterAll(() => {
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  it('writes the three folders, registers the family and its type, and adds its words in every language', () => {
    for (const side of Object.keys(FAMILY_DIRS) as (keyof typeof FAMILY_DIRS)[]) {
      expect(familyFolders(copy, side)).toContain('test-spot');
    }
    expect(readFileSync(path.join(copy, REGISTRIES.familyIds), 'utf8')).toContain(
      "  'testSpot',\n] as const;",
    );
    expect(readFileSync(path.join(copy, REGISTRIES.types), 'utf8')).toContain("family: 'testSpot'");
    const catalogs = written.filter((file) => file.endsWith('questionTypes.json'));
    expect(catalogs).toHaveLength(12);
    for (const file of catalogs) {
      const catalog = JSON.parse(readFileSync(path.join(copy, file), 'utf8')) as {
        types: Record<string, Record<string, string>>;
        families: Record<string, string>;
      };
      expect(catalog.families.testSpot, file).toMatch(/\S/);
      expect(Object.keys(catalog.types['test-spot'] ?? {}).sort(), file).toEqual([
        'description',
        'instructions',
        'label',
      ]);
    }
    expect(() => scaffoldFamily(copy, 'test-spot')).toThrow(/exists already/);
    expect(() => scaffoldFamily(copy, 'Not_Kebab')).toThrow(/kebab-case/);
  });

  it('type-checks', () => {
    const files = [
      'packages/shared/src/index.ts',
      REGISTRIES.components,
      REGISTRIES.players,
      REGISTRIES.traits,
      REGISTRIES.converters,
      ...written.filter((file) => /\.tsx?$/.test(file)),
    ];
    writeFileSync(
      path.join(copy, 'tsconfig.json'),
      JSON.stringify({
        extends: './tsconfig.base.json',
        compilerOptions: {
          lib: ['ES2023', 'DOM', 'DOM.Iterable'],
          jsx: 'react-jsx',
          types: ['node', 'vite/client'],
          // The copy's shared package, not the checkout's that node_modules links to.
          paths: {
            '@vbuilder/shared': ['./packages/shared/src/index.ts'],
            '@vbuilder/shared/*': ['./packages/shared/src/*.ts'],
          },
        },
        files: [...new Set(files)],
      }),
    );
    // TypeScript 7's native compiler, as `npm run typecheck` uses (scripts/typecheck.ts).
    const tsc = path.join(REPO_ROOT, 'node_modules/typescript-go/bin/tsc');
    let output = '';
    try {
      execFileSync(process.execPath, [tsc, '-p', path.join(copy, 'tsconfig.json')], { encoding: 'utf8' });
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error);
    }
    expect(output).toBe('');
  }, 240_000);
});
