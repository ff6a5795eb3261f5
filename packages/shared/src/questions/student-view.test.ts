import { describe, expect, it } from 'vitest';
import { StudentQuestionSchema } from '../schemas/attempts.ts';
import { QUESTION_EXAMPLE_LIST, exampleToQuestion } from './examples.ts';
import { QUESTION_TYPES } from './types.ts';
import type { ChoiceConfig } from './families/choice/index.ts';
import type { CrosswordConfig } from './families/crossword/index.ts';
import type { DragDropConfig } from './families/drag-drop/index.ts';
import type { FillBlanksConfig } from './families/fill-blanks/index.ts';
import type { MatchingConfig } from './families/matching/index.ts';
import type { OpenConfig } from './families/open/index.ts';
import type { OrderingConfig } from './families/ordering/index.ts';
import type { ShortAnswerConfig } from './families/short-answer/index.ts';
import { QuestionSchema, type Question } from './question.ts';
import { familyOf, getQuestionType, markQuestion } from './registry.ts';
import {
  answerFromStudentView,
  answerToStudentView,
  detailsToStudentView,
  studentViewOf,
} from './student-view.ts';
import {
  studentCrosswordGrid,
  type StudentCrosswordConfig,
  type StudentMatchingConfig,
} from './families/index.ts';
import { crosswordGrid, crosswordLetters } from './crossword-layout.ts';

const SEED = '5b1f0a52-8f7e-4f4e-9f0e-0c1d2e3f4a5b';
const OTHER_SEED = '0e9d8c7b-6a59-4847-a362-51f0e9d8c7b6';

const questions: Question[] = QUESTION_EXAMPLE_LIST.map(({ typeId, example }) =>
  QuestionSchema.parse(exampleToQuestion(example, `q-${typeId}`)),
);

/** Strings that would give the answer away if a student view contained them, per family. */
function secretsOf(question: Question): { strings: string[]; keys: string[] } {
  const family = getQuestionType(question.type).family;
  switch (family) {
    case 'choice':
      return { strings: [], keys: ['correct'] };
    case 'trueFalse':
      return { strings: [], keys: ['correct'] };
    case 'shortAnswer':
      return { strings: (question.config as ShortAnswerConfig).acceptedAnswers, keys: ['acceptedAnswers'] };
    case 'fillBlanks':
      return {
        strings: (question.config as FillBlanksConfig).gaps.flatMap((g) => g.accepted),
        keys: ['accepted'],
      };
    case 'matching':
      return { strings: [], keys: ['match', 'distractors'] };
    case 'ordering':
      // The original ids are in the right order: none may appear.
      return { strings: (question.config as OrderingConfig).items.map((i) => `"${i.id}"`), keys: [] };
    case 'dragDrop': {
      const c = question.config as DragDropConfig;
      return { strings: c.zones.map((z) => `"${z.id}"`), keys: ['zoneId'] };
    }
    case 'crossword':
      return {
        strings: (question.config as CrosswordConfig).entries.map((e) => `"${e.answer}"`),
        keys: ['answer'],
      };
    case 'open': {
      const c = question.config as OpenConfig;
      return {
        strings: [c.modelAnswer, c.rubric].filter((s): s is string => !!s),
        keys: ['modelAnswer', 'rubric'],
      };
    }
  }
}

function keysIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => keysIn(v, found));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      found.add(k);
      keysIn(v, found);
    }
  return found;
}

describe('studentViewOf: nothing that gives the answer away, for each type', () => {
  it('covers every type', () => {
    expect(questions).toHaveLength(QUESTION_TYPES.length);
  });

  it.each(questions.map((q) => [q.type, q] as const))('%s', (_type, question) => {
    const view = studentViewOf(question, SEED);
    expect(StudentQuestionSchema.parse(view)).toEqual(view);
    const json = JSON.stringify(view.config);
    const keys = keysIn(view.config);
    const secrets = secretsOf(question);
    for (const key of secrets.keys) expect(keys.has(key), `key ${key}`).toBe(false);
    for (const secret of secrets.strings) expect(json, `contains ${secret}`).not.toContain(secret);
    expect(view).toMatchObject({
      id: question.id,
      type: question.type,
      text: question.text,
      score: question.score,
    });
  });

  it.each(questions.map((q) => [q.type, q] as const))(
    '%s: the expected answer, given in the view, is marked right against the full question',
    (_type, question) => {
      const expected = familyOf(question.type).expectedAnswer(question.config);
      const asStudent = answerToStudentView(question, SEED, expected);
      const result = markQuestion(question, answerFromStudentView(question, SEED, asStudent));
      const family = getQuestionType(question.type).family;
      if (family === 'open') expect(result.status).not.toBe('auto');
      else expect(result).toMatchObject({ correct: true, score: question.score });
    },
  );
});

const ofType = (id: string) => questions.find((q) => q.type === id)!;

describe('hidden ids and secret orders', () => {
  it('matching: matches have opaque ids and the original pair ids score nothing', () => {
    const question = ofType('matching-pairs');
    const config = question.config as MatchingConfig;
    const view = studentViewOf(question, SEED).config as unknown as StudentMatchingConfig;
    const pairIds = config.pairs.map((p) => p.id);
    expect(view.pairs.map((p) => p.id)).toEqual(pairIds);
    expect(view.matches!.map((m) => m.id).some((id) => pairIds.includes(id))).toBe(false);
    expect(view.matches).toHaveLength(config.pairs.length + config.distractors.length);
    // A student who guesses that prompt and match share an id gets nothing for it.
    const guess = Object.fromEntries(pairIds.map((id) => [id, id]));
    expect(markQuestion(question, answerFromStudentView(question, SEED, guess)).score).toBe(0);
  });

  it('matching: another attempt (seed) gets other ids, so ids cannot be shared between students', () => {
    const question = ofType('matching-pairs');
    const a = (studentViewOf(question, SEED).config as unknown as StudentMatchingConfig).matches!;
    const b = (studentViewOf(question, OTHER_SEED).config as unknown as StudentMatchingConfig).matches!;
    expect(a.map((m) => m.id)).not.toEqual(b.map((m) => m.id));
    expect(studentViewOf(question, SEED)).toEqual(studentViewOf(question, SEED));
  });

  it('ordering: never starts in the right order, and details follow the view ids', () => {
    for (const question of questions.filter((q) => getQuestionType(q.type).family === 'ordering')) {
      const config = question.config as OrderingConfig;
      const view = studentViewOf(question, SEED).config as { items: { id: string; text: string }[] };
      expect(view.items.map((i) => i.text)).not.toEqual(config.items.map((i) => i.text));
      const asGiven = view.items.map((i) => i.id);
      const result = markQuestion(question, answerFromStudentView(question, SEED, asGiven));
      const details = detailsToStudentView(question, SEED, result.details);
      expect(Object.keys(details!).sort()).toEqual([...asGiven].sort());
    }
  });

  it('drag and drop: zone ids are opaque; an original zone id counts as not placed', () => {
    const question = ofType('drag-and-drop');
    const config = question.config as DragDropConfig;
    const view = studentViewOf(question, SEED).config as { zones: { id: string }[]; items: object[] };
    expect(view.zones.map((z) => z.id).some((id) => config.zones.some((z) => z.id === id))).toBe(false);
    for (const item of view.items) expect(item).not.toHaveProperty('zoneId');
    const raw = Object.fromEntries(config.items.map((i) => [i.id, i.zoneId]));
    const unmasked = answerFromStudentView(question, SEED, raw) as Record<string, string | null>;
    expect(Object.values(unmasked).every((zone) => zone === null)).toBe(true);
  });

  it('choice: shuffled options only when the teacher asked, and then never re-shuffled by a player', () => {
    const question = ofType('multiple-choice');
    const config = question.config as ChoiceConfig;
    const plain = studentViewOf(question, SEED).config as unknown as ChoiceConfig;
    expect(plain.options.map((o) => o.id)).toEqual(config.options.map((o) => o.id));
    const shuffled = studentViewOf({ ...question, config: { ...config, shuffle: true } }, SEED)
      .config as unknown as ChoiceConfig;
    expect(shuffled.shuffle).toBe(false);
    expect([...shuffled.options.map((o) => o.id)].sort()).toEqual(config.options.map((o) => o.id).sort());
  });

  it('crossword: lengths instead of words; the blank grid has the same cells and numbers', () => {
    const question = ofType('crosswords-and-puzzles');
    const config = question.config as CrosswordConfig;
    const view = studentViewOf(question, SEED).config as unknown as StudentCrosswordConfig;
    expect(view.entries.map((e) => e.length)).toEqual(
      config.entries.map((e) => crosswordLetters(e.answer).length),
    );
    const full = crosswordGrid(config.entries, config.layout);
    const blank = studentCrosswordGrid(view);
    expect(full.ok && blank.ok).toBe(true);
    if (!full.ok || !blank.ok) return;
    const shape = (cells: typeof full.cells) =>
      cells.map((row) => row.map((c) => (c ? `${c.number ?? ''}${c.across ?? ''}${c.down ?? ''}` : null)));
    expect(shape(blank.cells)).toEqual(shape(full.cells));
    expect(blank.cells.flat().every((c) => c === null || c.letter === '')).toBe(true);
  });

  it('leaves null answers alone', () => {
    for (const q of questions) {
      expect(answerFromStudentView(q, SEED, null)).toBeNull();
      expect(answerToStudentView(q, SEED, null)).toBeNull();
    }
  });
});
