import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLANS, QUESTION_EXAMPLE_LIST, QUESTION_TYPE_REGISTRY } from '@vbuilder/shared';
import { SHARED_LOCALES_DIR, flattenCatalog, loadNamespace, namespacesOf } from '../../../../i18n/catalogs.ts';
import { LANGUAGE_CODES } from '../lib/languages.ts';

/*
 * The words every reader sees the same way: English spells organization the American way (as the
 * specification does), and the product is written "vbuilder" in every language, never
 * "VBuilder" or "Vbuilder". Both the web's catalogs and the server's (mail, PDFs, errors) are read.
 */

const here = path.dirname(new URL(import.meta.url).pathname);
const CATALOG_DIRS = {
  web: here,
  api: path.resolve(here, '../../../api/src/locales'),
  shared: SHARED_LOCALES_DIR,
};

const BRITISH_ORGANIZATION = /organis/i;
/** Any casing or spelling of the brand but the right one. */
const MISSPELT_BRAND = {
  test: (text: string) => [...text.matchAll(/\bv[\s-]?builder\b/gi)].some(([word]) => word !== 'vbuilder'),
};

function textsOf(lng: string): [string, string][] {
  return Object.entries(CATALOG_DIRS).flatMap(([side, dir]) =>
    namespacesOf(dir, lng).flatMap((ns) =>
      Object.entries(flattenCatalog(loadNamespace(dir, lng, ns)!)).map(
        ([key, text]): [string, string] => [`${side}/${lng}/${ns}: ${key}`, text],
      ),
    ),
  );
}

describe('words', () => {
  it('the rules find what they are for', () => {
    expect(BRITISH_ORGANIZATION.test('Organisation')).toBe(true);
    expect(BRITISH_ORGANIZATION.test('a well-organised essay')).toBe(true);
    expect(BRITISH_ORGANIZATION.test('Organization')).toBe(false);
    for (const wrong of ['VBuilder', 'Vbuilder Basic', 'VBUILDER', 'V-Builder']) {
      expect(MISSPELT_BRAND.test(wrong), wrong).toBe(true);
    }
    expect(MISSPELT_BRAND.test('Welcome to vbuilder')).toBe(false);
  });

  it('English writes "organization", never "organisation" (web and server catalogs)', () => {
    const british = textsOf('en').filter(([, text]) => BRITISH_ORGANIZATION.test(text));
    expect(british).toEqual([]);
  });

  it('the English texts kept in code spell it so too (plans, question type examples)', () => {
    const texts = [
      ...Object.values(PLANS).map((plan) => plan.productName),
      ...QUESTION_TYPE_REGISTRY.map((type) => type.instructions),
      ...QUESTION_EXAMPLE_LIST.map(({ example }) => JSON.stringify(example)),
    ];
    expect(texts.filter((text) => BRITISH_ORGANIZATION.test(text) || MISSPELT_BRAND.test(text))).toEqual([]);
  });

  for (const lng of LANGUAGE_CODES) {
    it(`${lng}: the brand is written "vbuilder"`, () => {
      const wrong = textsOf(lng).filter(([, text]) => MISSPELT_BRAND.test(text));
      expect(wrong).toEqual([]);
    });
  }
});
