import { describe, expect, it } from 'vitest';
import { open, OpenConfigSchema, type OpenConfig } from './index.ts';

const essay: OpenConfig = { responseKind: 'richText', modelAnswer: 'A model essay.', maxWords: 500 };
const survey: OpenConfig = {
  responseKind: 'survey',
  surveyOptions: ['Agree', 'Disagree'],
  surveyMultiple: false,
};
const code: OpenConfig = {
  responseKind: 'code',
  codeLanguage: 'python',
  starterCode: 'def f():\n  pass',
  modelAnswer: 'def f(): return 1',
};

describe('open marking', () => {
  it.each([
    ['essay with text', essay, { text: '<p>My essay</p>' }],
    ['code', code, { code: 'print(1)' }],
    ['a file', { responseKind: 'file' } as OpenConfig, { fileUrl: '/api/files/1', fileName: 'report.pdf' }],
    ['a recording', { responseKind: 'audio' } as OpenConfig, { mediaUrl: '/api/files/2' }],
    [
      'a link response',
      { responseKind: 'link', link: { url: 'https://example.org/sim' } } as OpenConfig,
      { text: 'I saw…' },
    ],
  ])('%s waits for manual marking', (_name, config, answer) => {
    expect(open.mark(config, answer, 10)).toEqual({ score: 0, max: 10, correct: null, status: 'manual' });
  });

  it.each([[{}], [{ text: '' }], [{ text: '<p><br></p>' }], [{ text: '<p>&nbsp;</p>', code: '  ' }]])(
    'an empty response %j scores 0 at once',
    (answer) => {
      expect(open.mark(essay, answer, 10)).toEqual({ score: 0, max: 10, correct: false, status: 'auto' });
    },
  );

  it('a survey is not scored and counts for nothing', () => {
    expect(open.mark(survey, { choices: ['Agree'] }, 5)).toEqual({
      score: 0,
      max: 0,
      correct: null,
      status: 'unscored',
    });
    expect(open.mark(survey, {}, 5)).toEqual({ score: 0, max: 0, correct: null, status: 'unscored' });
    // Left unanswered, or answered with something malformed: still nothing to score.
    expect(open.mark(survey, null, 5).status).toBe('unscored');
    expect(open.mark(survey, 'nonsense', 5).status).toBe('unscored');
  });

  it.each([
    [null],
    [undefined],
    ['my essay'],
    [['x']],
    [{ text: 5 }],
    [{ choices: 'Agree' }],
    [{ text: 'x'.repeat(200_001) }],
  ])('malformed answer %#', (answer) => {
    expect(open.mark(essay, answer, 10)).toEqual({ score: 0, max: 10, correct: false, status: 'auto' });
  });

  it('expected answer is the model answer, none for a survey', () => {
    expect(open.expectedAnswer(essay)).toEqual({ text: 'A model essay.' });
    expect(open.expectedAnswer(code)).toEqual({ code: 'def f(): return 1' });
    expect(open.expectedAnswer(survey)).toBeNull();
    expect(open.expectedAnswer({ responseKind: 'video' })).toBeNull();
  });
});

describe('open config schema', () => {
  const messages = (value: unknown) =>
    OpenConfigSchema.safeParse(value).error?.issues.map((i) => i.message) ?? [];
  it('accepts valid configs', () => {
    expect(messages(essay)).toEqual([]);
    expect(messages(survey)).toEqual([]);
    expect(messages(code)).toEqual([]);
    expect(
      messages({ responseKind: 'link', link: { url: 'https://vr.example.org', label: 'Open' } }),
    ).toEqual([]);
    expect(messages({ responseKind: 'file', acceptedFileTypes: ['.pdf', 'image/*'] })).toEqual([]);
  });
  it.each([
    ['an unknown kind', { responseKind: 'hologram' }, 'questions.errors.responseKindInvalid'],
    ['a link kind without a link', { responseKind: 'link' }, 'questions.errors.linkRequired'],
    [
      'a link that is not http(s)',
      { responseKind: 'link', link: { url: 'javascript:alert(1)' } },
      'questions.errors.linkInvalid',
    ],
    [
      'a link that is not a URL',
      { responseKind: 'link', link: { url: 'not a url' } },
      'questions.errors.linkInvalid',
    ],
    [
      'a survey with one option',
      { responseKind: 'survey', surveyOptions: ['Yes'] },
      'questions.errors.surveyOptionsTooFew',
    ],
    [
      'a survey with an empty option',
      { responseKind: 'survey', surveyOptions: ['Yes', ''] },
      'questions.errors.optionEmpty',
    ],
    [
      'an unknown code language',
      { responseKind: 'code', codeLanguage: 'cobol' },
      'questions.errors.codeLanguageInvalid',
    ],
    ['maxWords 0', { ...essay, maxWords: 0 }, 'questions.errors.maxWordsInvalid'],
  ])('rejects %s', (_name, value, message) => {
    expect(messages(value)).toContain(message);
  });
});
