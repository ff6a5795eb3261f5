import { describe, expect, it } from 'vitest';
import { QUESTION_EXAMPLES, validateQuestion, type QuestionTypeId } from '@vbuilder/shared';
import { itemScanner, outermostObjectText, parseAiResponse, type RequestedTypes } from './ai-response.ts';

const requested = (counts: Partial<Record<QuestionTypeId, number>>): RequestedTypes => ({
  counts: new Map(Object.entries(counts) as [QuestionTypeId, number][]),
});
const MCQ_AND_TF = requested({ 'multiple-choice': 2, 'true-false': 1 });

const mcq = QUESTION_EXAMPLES['multiple-choice'];
const trueFalse = QUESTION_EXAMPLES['true-false'];
const answer = (questions: unknown) => JSON.stringify({ questions });

describe('parseAiResponse: the whole answer (docs/product/validation.md order)', () => {
  const cases: { name: string; content: string | null; code: string }[] = [
    { name: 'null content', content: null, code: 'ai_empty_response' },
    { name: 'empty text', content: '', code: 'ai_empty_response' },
    { name: 'only whitespace', content: '  \n\t ', code: 'ai_empty_response' },
    { name: 'prose without JSON', content: 'Sorry, I cannot help with that.', code: 'ai_no_json' },
    { name: 'a closing brace before the opening one', content: '} nothing {', code: 'ai_no_json' },
    {
      name: 'truncated JSON (no closing brace)',
      content: '{"questions": [{"question": "x"',
      code: 'ai_no_json',
    },
    {
      name: 'broken JSON inside braces',
      content: '{"questions": [ {"question": ] }',
      code: 'ai_parse_failed',
    },
    { name: 'two objects side by side', content: '{"a": 1} and {"b": 2}', code: 'ai_parse_failed' },
    { name: 'an object without questions', content: '{"items": []}', code: 'ai_no_questions_array' },
    {
      name: 'questions is not an array',
      content: '{"questions": {"question": "x"}}',
      code: 'ai_no_questions_array',
    },
    { name: 'an empty questions array', content: '{"questions": []}', code: 'ai_no_questions' },
  ];
  it.each(cases)('$name → $code', ({ content, code }) => {
    const outcome = parseAiResponse(content, MCQ_AND_TF);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.code).toBe(code);
  });

  it('reads JSON wrapped in prose and ```json fences', () => {
    const content = `Here are your questions:\n\`\`\`json\n${answer([mcq])}\n\`\`\`\nGood luck!`;
    const outcome = parseAiResponse(content, MCQ_AND_TF);
    expect(outcome.ok).toBe(true);
    if (outcome.ok) expect(outcome.result.questions).toHaveLength(1);
  });

  it('tolerates what models often send: trailing commas and single quotes (JSON5)', () => {
    const content = `{questions: [{type: 'True/False', question: 'Water boils at 100 °C at sea level.', options: ['True', 'False'], answer: 'True', score: 2,},],}`;
    const outcome = parseAiResponse(content, MCQ_AND_TF);
    expect(outcome.ok).toBe(true);
  });

  it('gives valid questions with fresh ids and keeps the model order', () => {
    const outcome = parseAiResponse(answer([trueFalse, mcq]), MCQ_AND_TF);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const { questions, rejected } = outcome.result;
    expect(rejected).toEqual([]);
    expect(questions.map((q) => q.type)).toEqual(['true-false', 'multiple-choice']);
    expect(new Set(questions.map((q) => q.id)).size).toBe(2);
    for (const q of questions) expect(validateQuestion(q)).toEqual([]);
    expect(questions[1]).toMatchObject({
      text: mcq.question,
      score: 2,
      config: { correct: ['b'], multiple: false },
    });
  });

  it('fails with ai_no_questions carrying every rejected item when none can be used', () => {
    const outcome = parseAiResponse(answer(['just text', { question: 'Q?' }]), MCQ_AND_TF);
    expect(outcome).toEqual({
      ok: false,
      code: 'ai_no_questions',
      rejected: [
        { index: 1, reasons: ['Invalid question format'] },
        { index: 2, reasons: ['Question 2 missing score field'] },
      ],
    });
  });
});

describe('parseAiResponse: each item', () => {
  const cases: { name: string; item: unknown; reasons: string[] }[] = [
    { name: 'a text instead of an object', item: 'What is 2 + 2?', reasons: ['Invalid question format'] },
    { name: 'a list instead of an object', item: [1, 2], reasons: ['Invalid question format'] },
    { name: 'null', item: null, reasons: ['Invalid question format'] },
    {
      name: 'no question',
      item: { ...mcq, question: undefined },
      reasons: ['Question 1 missing question field'],
    },
    {
      name: 'a blank question',
      item: { ...mcq, question: '   ' },
      reasons: ['Question 1 missing question field'],
    },
    { name: 'no score', item: { ...mcq, score: undefined }, reasons: ['Question 1 missing score field'] },
    {
      name: 'a score that is not a number',
      item: { ...mcq, score: 'many' },
      reasons: ['Question 1 missing score field'],
    },
    {
      name: 'neither question nor score',
      item: { type: 'MCQ' },
      reasons: ['Question 1 missing question field', 'Question 1 missing score field'],
    },
    {
      name: 'an unknown type',
      item: { ...mcq, type: 'Interpretive Dance' },
      reasons: ['Question 1 has an unknown type'],
    },
    {
      name: 'a type that was not requested',
      item: { ...QUESTION_EXAMPLES['short-answers'] },
      reasons: ['Question 1 has a type that was not requested'],
    },
    {
      name: 'no type when several were requested',
      item: { ...mcq, type: undefined },
      reasons: ['Question 1 missing type field'],
    },
    {
      name: 'an answer that is not one of the options',
      item: { ...mcq, answer: 'Helium' },
      reasons: ['Question 1 does not fit its type: The answer "Helium" is not one of the options'],
    },
    {
      name: 'an empty option (question validation key)',
      item: { ...mcq, options: ['Oxygen', ' ', 'Carbon dioxide'] },
      reasons: ['questions.errors.optionEmpty'],
    },
  ];
  it.each(cases)('$name', ({ item, reasons }) => {
    const outcome = parseAiResponse(answer([item, trueFalse]), MCQ_AND_TF);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.result.rejected).toEqual([{ index: 1, reasons }]);
    expect(outcome.result.questions).toHaveLength(1);
  });

  it('counts items from 1, as a teacher does', () => {
    const outcome = parseAiResponse(answer([mcq, trueFalse, { ...mcq, score: null }]), MCQ_AND_TF);
    expect(outcome.ok && outcome.result.rejected).toEqual([
      { index: 3, reasons: ['Question 3 missing score field'] },
    ]);
  });

  it('takes the only requested type when an item names none', () => {
    const outcome = parseAiResponse(
      answer([{ ...mcq, type: undefined }]),
      requested({ 'multiple-choice': 1 }),
    );
    expect(outcome.ok && outcome.result.questions[0]!.type).toBe('multiple-choice');
  });

  it('reads numeric texts as scores and rounds to half points', () => {
    const outcome = parseAiResponse(answer([{ ...mcq, score: '3.3' }]), MCQ_AND_TF);
    expect(outcome.ok && outcome.result.questions[0]!.score).toBe(3.5);
  });

  it('keeps at most the requested number of each type, saying which were too many', () => {
    const tf2 = { ...trueFalse, question: 'Light travels faster than sound.' };
    const outcome = parseAiResponse(answer([trueFalse, tf2, mcq]), MCQ_AND_TF);
    expect(outcome.ok && outcome.result.questions.map((q) => q.type)).toEqual([
      'true-false',
      'multiple-choice',
    ]);
    expect(outcome.ok && outcome.result.rejected).toEqual([
      { index: 2, reasons: ['Question 2 is more than the number asked for'] },
    ]);
  });

  it('drops a repeated question (case, spaces and punctuation aside) and says which it repeats', () => {
    const again = { ...mcq, question: `  ${mcq.question.toUpperCase().replace('?', ' ?')} ` };
    const outcome = parseAiResponse(answer([mcq, trueFalse, again]), MCQ_AND_TF);
    expect(outcome.ok && outcome.result.questions).toHaveLength(2);
    expect(outcome.ok && outcome.result.rejected).toEqual([
      { index: 3, reasons: ['Question 3 repeats question 1'] },
    ]);
  });

  it.each([
    ['two correct answers', ['Oxygen', 'Carbon dioxide'], 2],
    ['no correct answer', [], 0],
  ])('drops an MCQ with %s, never turning it into a multiple-answer question', (_name, right, count) => {
    const outcome = parseAiResponse(answer([{ ...mcq, answer: right }, trueFalse]), MCQ_AND_TF);
    expect(outcome.ok && outcome.result.questions.map((q) => q.type)).toEqual(['true-false']);
    expect(outcome.ok && outcome.result.rejected).toEqual([
      { index: 1, reasons: [`Question 1 must have exactly one correct answer, not ${count}`] },
    ]);
  });

  it('drops image addresses a model invents (the teacher adds the image)', () => {
    const imageBased = QUESTION_EXAMPLES['image-based'];
    const item = {
      ...imageBased,
      options: { ...(imageBased.options as object), imageUrl: 'https://example.com/made-up.png' },
    };
    const outcome = parseAiResponse(answer([item]), requested({ 'image-based': 1 }));
    expect(outcome.ok && outcome.result.questions[0]!.imageUrl).toBeNull();
  });

  it('leaves out blank instructions so the type default applies', () => {
    const outcome = parseAiResponse(answer([{ ...mcq, instructions: '' }]), MCQ_AND_TF);
    expect(outcome.ok && outcome.result.questions[0]!).not.toHaveProperty('instructions');
  });

  it('maps every type of the registry from its example', () => {
    for (const [typeId, example] of Object.entries(QUESTION_EXAMPLES)) {
      const outcome = parseAiResponse(answer([example]), requested({ [typeId]: 1 }));
      expect(outcome.ok, typeId).toBe(true);
    }
  });
});

describe('outermostObjectText', () => {
  it.each([
    ['{"a":1}', '{"a":1}'],
    ['text {"a":{"b":2}} more', '{"a":{"b":2}}'],
    ['no braces', null],
    ['{ unclosed', null],
  ])('%s', (input, expected) => expect(outermostObjectText(input)).toBe(expected));
});

describe('itemScanner: items of the questions array as the text arrives', () => {
  it('gives each item once it closes, skipping braces inside strings, and sees the array end', () => {
    const full = `Intro {not this}\n{"questions": [{"question": "a {b} \\" }", "options": [1, [2]]}, {"question": 'c]'}]} tail`;
    const scanner = itemScanner();
    const items: string[] = [];
    for (let i = 1; i <= full.length; i++) items.push(...scanner.scan(full.slice(0, i)));
    expect(items).toEqual([`{"question": "a {b} \\" }", "options": [1, [2]]}`, `{"question": 'c]'}`]);
    expect(scanner.started).toBe(true);
    expect(scanner.finished).toBe(true);
  });

  it('gives nothing before the array starts, and only complete items of a cut answer', () => {
    const scanner = itemScanner();
    expect(scanner.scan('{"quest')).toEqual([]);
    expect(scanner.started).toBe(false);
    expect(scanner.scan('{"questions": [{"question": "one"}, {"question": "tw')).toEqual([
      '{"question": "one"}',
    ]);
    expect(scanner.finished).toBe(false);
  });
});
