import { describe, expect, it } from 'vitest';
import { FAMILY_IDS, OPEN_RESPONSE_KINDS, QUESTION_TYPE_REGISTRY, TIERS } from '@vbuilder/shared';
import catalog from '../../../../../packages/shared/src/locales/en/questionTypes.json';

type Catalog = typeof catalog;
/** Reads a 'questionTypes:a.b.c' key from the English catalog. */
const lookup = (key: string): unknown =>
  key
    .replace(/^questionTypes:/, '')
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      catalog as Catalog,
    );

describe('questionTypes English catalog', () => {
  it.each(QUESTION_TYPE_REGISTRY.map((type) => [type.id, type] as const))(
    '%s has a label, a one-sentence description and the registry instructions',
    (_id, type) => {
      expect(lookup(type.labelKey)).toEqual(expect.stringMatching(/\S/));
      const description = lookup(type.descriptionKey) as string;
      expect(description).toMatch(/^[A-Z].*\.$/);
      expect(description.match(/\. /g)).toBeNull();
      // The API and AI read the registry's English; the web shows the catalog: they must agree.
      expect(lookup(type.instructionsKey)).toBe(type.instructions);
    },
  );

  it('names every family, tier and open response kind, and nothing else', () => {
    expect(Object.keys(catalog.types).sort()).toEqual(QUESTION_TYPE_REGISTRY.map((t) => t.id).sort());
    expect(Object.keys(catalog.families).sort()).toEqual([...FAMILY_IDS].sort());
    expect(catalog.tiers).toEqual({ basic: 'Basic', professional: 'Professional', enterprise: 'Enterprise' });
    expect(Object.keys(catalog.tiers)).toEqual([...TIERS]);
    expect(Object.keys(catalog.responseKinds).sort()).toEqual([...OPEN_RESPONSE_KINDS].sort());
  });
});

describe('question error messages', () => {
  it('has English text for every questions.errors key the shared schemas use', async () => {
    const { readFileSync, readdirSync } = await import('node:fs');
    const path = await import('node:path');
    const root = path.resolve(
      path.dirname(new URL(import.meta.url).pathname),
      '../../../../../packages/shared/src',
    );
    const sources = (readdirSync(root, { recursive: true }) as string[]).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    const used = new Set(
      sources.flatMap(
        (file) => readFileSync(path.join(root, file), 'utf8').match(/questions\.errors\.[A-Za-z]+/g) ?? [],
      ),
    );
    const { default: messages } = await import('../../locales/en/questions.json');
    // 'questions.errors.x' is the i18n key 'questions:errors.x' (see editors/editor-utils.ts).
    const errors = (messages as { errors?: Record<string, string> }).errors ?? {};
    const missing = [...used].filter((key) => !errors[key.replace('questions.errors.', '')]?.trim()).sort();
    expect(used.size).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });
});
