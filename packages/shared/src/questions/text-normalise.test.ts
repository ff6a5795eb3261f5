import { describe, expect, it } from 'vitest';
import { countWords, matchesAccepted, normaliseAnswerText } from './text-normalise.ts';

describe('normaliseAnswerText', () => {
  it.each([
    ['  Hello   World  ', false, 'hello world'],
    ['Hello\n\tWorld', false, 'hello world'],
    ['Hello World.', false, 'hello world'],
    ['Really?!', false, 'really'],
    ['Hello World', true, 'Hello World'],
    ['ｆｕｌｌ　ｗｉｄｔｈ', false, 'full width'],
    ['ﬁne', false, 'fine'],
    ['e.g. this', false, 'e.g. this'],
    ['3.14', false, '3.14'],
    ['...', false, ''],
    ['', false, ''],
  ])('%j (case sensitive: %s) → %j', (input, caseSensitive, output) => {
    expect(normaliseAnswerText(input, caseSensitive)).toBe(output);
  });
});

describe('matchesAccepted', () => {
  it('matches any accepted answer and never an empty one', () => {
    expect(matchesAccepted('Rome.', ['Paris', 'rome'], false)).toBe(true);
    expect(matchesAccepted('rome', ['Rome'], true)).toBe(false);
    expect(matchesAccepted('', [''], false)).toBe(false);
  });
});

describe('countWords', () => {
  it.each([
    ['', 0],
    ['   ', 0],
    ['one', 1],
    [' two  words ', 2],
    ['line\nbreak\ttab', 3],
    ["Don't stop, it's 3.14!", 4],
    // Languages written without spaces between words are still counted word by word.
    ['我喜欢学习', 3],
    ['ภาษาไทยง่าย', 3],
  ])('%j has %i words', (text, count) => {
    expect(countWords(text)).toBe(count);
  });
});
