import { describe, expect, it } from 'vitest';
import { shortAnswer, ShortAnswerConfigSchema, type ShortAnswerConfig } from './index.ts';

const config: ShortAnswerConfig = {
  acceptedAnswers: ['Paris', 'the city of Paris'],
  caseSensitive: false,
  maxWords: 5,
};
const caseSensitive: ShortAnswerConfig = { ...config, acceptedAnswers: ['NaCl'], caseSensitive: true };

describe('shortAnswer marking', () => {
  it.each([
    ['exact', config, 'Paris', true],
    ['case folded', config, 'PARIS', true],
    ['spaces and full stop', config, '  the   city of  paris. ', true],
    ['exclamation', config, 'Paris!', true],
    ['full-width letters (NFKC)', config, 'Ｐａｒｉｓ', true],
    ['other accepted answer', config, 'The City of Paris?', true],
    ['wrong', config, 'Lyon', false],
    ['empty', config, '', false],
    ['blank', config, '   ', false],
    ['only punctuation', config, '?', false],
    ['case sensitive right', caseSensitive, 'NaCl', true],
    ['case sensitive wrong case', caseSensitive, 'nacl', false],
  ])('%s', (_name, cfg, answer, right) => {
    const result = shortAnswer.mark(cfg, answer, 3);
    expect(result).toMatchObject({ score: right ? 3 : 0, max: 3, correct: right, status: 'auto' });
    expect(result.details).toEqual({ answer: right, tooLong: false });
  });

  it('scores 0 over the word limit, even when the accepted answer is in it', () => {
    const result = shortAnswer.mark({ ...config, acceptedAnswers: ['a b c d e f'] }, 'a b c d e f', 3);
    expect(result).toMatchObject({ score: 0, correct: false, details: { answer: false, tooLong: true } });
  });

  it.each([[null], [undefined], [42], [['Paris']], [{ text: 'Paris' }], ['x'.repeat(10_001)]])(
    'malformed answer %#',
    (answer) => {
      expect(shortAnswer.mark(config, answer, 3)).toEqual({
        score: 0,
        max: 3,
        correct: false,
        status: 'auto',
      });
    },
  );

  it('expects the first accepted answer', () => {
    expect(shortAnswer.expectedAnswer(config)).toBe('Paris');
  });
});

describe('shortAnswer config schema (docs/product/validation.md: an answer provided)', () => {
  const messages = (value: unknown) =>
    ShortAnswerConfigSchema.safeParse(value).error?.issues.map((i) => i.message) ?? [];
  it('defaults maxWords to 50', () => {
    expect(ShortAnswerConfigSchema.parse({ acceptedAnswers: ['x'], caseSensitive: false }).maxWords).toBe(50);
  });
  it.each([
    ['no accepted answer', { ...config, acceptedAnswers: [] }, 'questions.errors.answerRequired'],
    ['a blank accepted answer', { ...config, acceptedAnswers: [' '] }, 'questions.errors.answerEmpty'],
    ['maxWords 0', { ...config, maxWords: 0 }, 'questions.errors.maxWordsInvalid'],
    ['maxWords 501', { ...config, maxWords: 501 }, 'questions.errors.maxWordsInvalid'],
    ['maxWords 2.5', { ...config, maxWords: 2.5 }, 'questions.errors.maxWordsInvalid'],
  ])('rejects %s', (_name, value, message) => {
    expect(messages(value)).toContain(message);
  });
});
