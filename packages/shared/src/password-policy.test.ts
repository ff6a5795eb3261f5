import { translations } from '@zxcvbn-ts/language-en';
import { describe, expect, it } from 'vitest';
import { PASSWORD_SUGGESTIONS, PASSWORD_WARNINGS, passwordUserInputs } from './password-policy.ts';
import { evaluatePassword } from './password-strength.ts';

const owner = {
  name: 'Anna Pemberton',
  email: 'anna.pemberton@riverside.example',
  organizationName: 'Riverside High School',
};

describe('password policy', () => {
  it("knows every feedback key zxcvbn-ts can give (but the unused breach matcher's)", () => {
    const without = (keys: string[]) => keys.filter((key) => key !== 'pwned').sort();
    expect([...PASSWORD_WARNINGS].sort()).toEqual(without(Object.keys(translations.warnings)));
    expect([...PASSWORD_SUGGESTIONS].sort()).toEqual(without(Object.keys(translations.suggestions)));
  });

  it("takes the owner's name, email, local part and organization, whole and word by word", () => {
    const inputs = passwordUserInputs(owner);
    for (const word of [
      'anna pemberton',
      'annapemberton',
      'pemberton',
      'anna.pemberton@riverside.example',
      'anna.pemberton',
      'riverside',
      'riverside high school',
      'riversidehighschool',
    ]) {
      expect(inputs).toContain(word);
    }
    // Too short to be personal: they would mark common syllables.
    expect(passwordUserInputs({ name: 'Li An' })).toEqual(['li an', 'lian']);
    expect(passwordUserInputs({})).toEqual([]);
  });

  it.each([
    ['password123', 'common'],
    ['aaaaaaaaaa', 'simpleRepeat'],
    ['qwertyuiop', 'topHundred'],
    ['anna.pemberton@riverside.example', 'userInputs'],
    ['Anna Pemberton', 'userInputs'],
    ['Riverside High School', 'userInputs'],
    // Full-width characters are hashed as their NFKC form, so they are judged in it too.
    ['ｐａｓｓｗｏｒｄ１２３', 'common'],
  ])('refuses %j with a warning key (%s) and suggestions', (password, warning) => {
    const result = evaluatePassword(password, owner);
    expect(result.accepted).toBe(false);
    expect(result.score).toBeLessThan(3);
    expect(result.warning).toBe(warning);
    expect(result.suggestions).toContain('anotherWord');
  });

  it('counts the owner only when told who it is', () => {
    // Not in the English dictionaries: strong for a stranger, weak for Somchai.
    const somchai = { name: 'Somchai Jaidee', email: 'somchai.jaidee@riverside.example' };
    expect(evaluatePassword('jaideesomchai').accepted).toBe(true);
    expect(evaluatePassword('jaideesomchai', somchai)).toMatchObject({
      accepted: false,
      warning: 'userInputs',
    });
  });

  it.each(['monsoon ladder tamarind quietly', 'Secret-Lantern-Orbit-42', 'ภาษาไทย-พาสเวิร์ด-๑๒๓'])(
    'accepts %j',
    (password) => {
      const result = evaluatePassword(password, owner);
      expect(result).toMatchObject({ accepted: true, warning: null, suggestions: [] });
      expect(result.score).toBeGreaterThanOrEqual(3);
    },
  );

  it('judges only the first 64 characters (the estimator is synchronous)', () => {
    expect(evaluatePassword('a'.repeat(64) + 'Secret-Lantern-Orbit-42').accepted).toBe(false);
    expect(evaluatePassword('monsoon ladder tamarind quietly'.padEnd(200, 'a')).accepted).toBe(true);
  });
});
