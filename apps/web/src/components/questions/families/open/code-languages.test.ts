import { describe, expect, it } from 'vitest';
import { CODE_LANGUAGES } from '@vbuilder/shared';
import { indentOf, isKnownLanguage, loadLanguage } from './code-languages.ts';

describe('code languages', () => {
  it.each(CODE_LANGUAGES.filter((language) => language !== 'other'))('highlights %s', async (language) => {
    expect(isKnownLanguage(language)).toBe(true);
    expect(await loadLanguage(language)).not.toBeNull();
  });

  it('treats other and unknown languages as plain text', async () => {
    expect(await loadLanguage('other')).toBeNull();
    expect(await loadLanguage('cobol')).toBeNull();
    expect(await loadLanguage(undefined)).toBeNull();
    expect(isKnownLanguage('toString')).toBe(false);
  });

  it("indents in each language's usual style", () => {
    expect(indentOf('python')).toBe('    ');
    expect(indentOf('go')).toBe('\t');
    expect(indentOf('javascript')).toBe('  ');
    expect(indentOf('other')).toBe('  ');
  });
});
