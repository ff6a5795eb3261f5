import { describe, expect, it } from 'vitest';
import { QUESTION_TYPE_REGISTRY } from './registry.ts';
import {
  QuestionImageUrlSchema,
  QuestionSchema,
  newQuestion,
  questionErrors,
  validateQuestion,
  type QuestionIssue,
} from './question.ts';

const mcq = () => ({
  id: 'q1',
  type: 'multiple-choice',
  text: 'Which is the largest ocean?',
  score: 2,
  config: {
    options: [
      { id: 'a', text: 'Atlantic' },
      { id: 'b', text: 'Pacific' },
    ],
    correct: ['b'],
    multiple: false,
    shuffle: false,
  },
});

const messages = (issues: QuestionIssue[]) =>
  issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('QuestionSchema', () => {
  it('accepts a complete question', () => {
    expect(QuestionSchema.safeParse(mcq()).success).toBe(true);
    expect(validateQuestion(mcq())).toEqual([]);
  });

  it("checks config with the type's family, with paths under config", () => {
    const question = { ...mcq(), config: { ...mcq().config, correct: ['z'] } };
    expect(messages(validateQuestion(question))).toEqual([
      'config.correct.0: questions.errors.correctUnknown',
    ]);
  });

  it('refuses a config of another family', () => {
    const question = { ...mcq(), type: 'true-false' };
    expect(validateQuestion(question).some((issue) => issue.path[0] === 'config')).toBe(true);
  });

  it("refuses an open config whose response kind is not the type's", () => {
    const essay = { id: 'q', type: 'essay', text: 'Discuss.', score: 10, config: { responseKind: 'video' } };
    expect(messages(validateQuestion(essay))).toEqual([
      'config.responseKind: questions.errors.responseKindInvalid',
    ]);
    expect(validateQuestion({ ...essay, config: { responseKind: 'richText' } })).toEqual([]);
  });

  it('refuses an unknown type and a missing config', () => {
    expect(messages(validateQuestion({ ...mcq(), type: 'telepathy' }))).toEqual([
      'type: questions.errors.typeInvalid',
    ]);
    expect(validateQuestion({ ...mcq(), config: undefined }).map((i) => i.path.join('.'))).toContain(
      'config',
    );
  });

  it.each([
    [{ score: 0 }, 'score: questions.errors.scoreInvalid'],
    [{ score: 100.5 }, 'score: questions.errors.scoreInvalid'],
    [{ score: 1.25 }, 'score: questions.errors.scoreInvalid'],
    [{ score: undefined }, 'score: questions.errors.scoreRequired'],
    [{ score: '2' }, 'score: questions.errors.scoreRequired'],
    [{ text: '   ' }, 'text: questions.errors.textRequired'],
    [{ text: undefined }, 'text: questions.errors.textRequired'],
    [{ text: 'x'.repeat(5001) }, 'text: questions.errors.textTooLong'],
    [{ imageUrl: 'javascript:alert(1)' }, 'imageUrl: questions.errors.imageUrlInvalid'],
  ])('refuses %j', (change, message) => {
    expect(messages(validateQuestion({ ...mcq(), ...change }))).toEqual([message]);
  });

  it('accepts scores in half points from 0.5 to 100', () => {
    for (const score of [0.5, 1, 2.5, 40, 100]) expect(validateQuestion({ ...mcq(), score })).toEqual([]);
  });

  it.each([
    ['/api/question-images/0b9c.png', true],
    ['https://example.org/cell.png', true],
    ['data:image/png;base64,iVBORw0KGgo=', true],
    ['data:image/svg+xml,%3Csvg%3E%3C/svg%3E', true],
    ['//evil.example/x.png', false],
    ['data:text/html,<script>', false],
    ['javascript:alert(1)', false],
    ['cell.png', false],
  ])('image url %s is accepted: %s', (url, ok) => {
    expect(QuestionImageUrlSchema.safeParse(url).success).toBe(ok);
  });

  it('never throws on junk', () => {
    for (const junk of [null, undefined, 42, 'question', [], { type: 'essay' }, { config: null }]) {
      expect(validateQuestion(junk).length).toBeGreaterThan(0);
    }
  });
});

describe('validateQuestion (docs/product/validation.md checks before saving)', () => {
  it('reports text and score first, then the family checks, all at once', () => {
    const question = {
      ...mcq(),
      text: '',
      score: undefined,
      config: {
        ...mcq().config,
        options: [
          { id: 'a', text: '' },
          { id: 'b', text: 'B' },
        ],
        correct: [],
      },
    };
    expect(messages(validateQuestion(question))).toEqual([
      'text: questions.errors.textRequired',
      'score: questions.errors.scoreRequired',
      'config.options.0.text: questions.errors.optionEmpty',
      'config.correct: questions.errors.correctRequired',
    ]);
  });

  it.each([
    ['true-false', { correct: undefined }, 'config.correct: questions.errors.trueFalseRequired'],
    [
      'short-answers',
      { acceptedAnswers: [], caseSensitive: false, maxWords: 50 },
      'config.acceptedAnswers: questions.errors.answerRequired',
    ],
    [
      'matching-pairs',
      {
        pairs: [
          { id: '1', prompt: 'Cat', match: '' },
          { id: '2', prompt: '', match: 'Puppy' },
        ],
        distractors: [],
      },
      'config.pairs.0.match: questions.errors.matchEmpty',
    ],
    [
      'matching-pairs',
      { pairs: [{ id: '1', prompt: 'Cat', match: 'Kitten' }], distractors: [] },
      'config.pairs: questions.errors.pairsTooFew',
    ],
  ])('%s: %j gives %s', (type, config, message) => {
    const issues = messages(validateQuestion({ id: 'q', type, text: 'Question', score: 1, config }));
    expect(issues).toContain(message);
  });

  it('maps issues to editor errors: joined path → first message', () => {
    expect(
      questionErrors([
        { path: ['text'], message: 'questions.errors.textRequired' },
        { path: ['config', 'options', '1', 'text'], message: 'questions.errors.optionEmpty' },
        { path: ['config', 'options', '1', 'text'], message: 'questions.errors.textTooLong' },
      ]),
    ).toEqual({
      text: 'questions.errors.textRequired',
      'config.options.1.text': 'questions.errors.optionEmpty',
    });
  });
});

describe('newQuestion', () => {
  /**
   * A new question fails only on what a teacher must fill: the question text and the family's
   * teacher fields (see defaultConfig). Open types other than link and survey need nothing
   * more than the text. The crossword's layout is regenerated by its editor once words exist,
   * so an empty crossword also reports its (empty) layout.
   */
  const TEACHER_FIELDS: Record<string, RegExp> = {
    choice: /^config\.(options\.\d\.text|correct)$/,
    trueFalse: /^config\.correct$/,
    shortAnswer: /^config\.acceptedAnswers\.0$/,
    fillBlanks: /^config\.(passage|gaps)$/,
    matching: /^config\.pairs\.\d\.(prompt|match)$/,
    ordering: /^config\.items\.\d\.text$/,
    dragDrop: /^config\.(zones\.\d\.label|items\.\d\.text)$/,
    crossword: /^config\.(entries\.\d\.(answer|clue)|layout)$/,
    open: /^config\.(link\.url|surveyOptions\.\d)$/,
  };

  it.each(QUESTION_TYPE_REGISTRY.map((t) => [t.id, t] as const))(
    '%s starts with only teacher fields to fill',
    (id, type) => {
      const question = newQuestion(id, 'new-1');
      expect(question).toMatchObject({ id: 'new-1', type: id, text: '', score: 1, imageUrl: null });
      expect(question.instructions).toBeUndefined();
      const paths = validateQuestion(question).map((issue) => issue.path.join('.'));
      expect(paths[0]).toBe('text');
      for (const path of paths.slice(1)) expect(path).toMatch(TEACHER_FIELDS[type.family]!);
      // Once the text is written, types without teacher fields are ready to save.
      const filled = validateQuestion({ ...question, text: 'Question' });
      if (type.family === 'open' && !['link', 'survey'].includes(type.responseKind!))
        expect(filled).toEqual([]);
      else expect(filled.length).toBeGreaterThan(0);
    },
  );

  it('gives each new question its own id by default', () => {
    expect(newQuestion('essay').id).not.toBe(newQuestion('essay').id);
  });
});
