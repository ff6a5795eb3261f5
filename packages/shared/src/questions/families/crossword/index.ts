import { z } from 'zod';
import { defineFamily, NOT_READ_NOR_ANALYSED } from '../../family.ts';
import { CROSSWORD_WORD, crosswordGrid, crosswordLetters } from '../../crossword-layout.ts';
import {
  AnswerTextSchema,
  PartIdSchema,
  checkUniqueIds,
  filledText,
  own,
  partial,
  totalMark,
} from '../common.ts';
import { fromExample, toExample } from './example.ts';
import { studentView, type StudentCrosswordConfig } from './student-view.ts';

export { crosswordEntryLength, studentCrosswordGrid, type StudentCrosswordConfig } from './student-view.ts';

export const CrosswordEntrySchema = z.object({
  id: PartIdSchema,
  /** The word: letters only (any script), no spaces, at least 2 letters. */
  answer: z
    .string('questions.errors.wordRequired')
    .refine((value) => value.trim() !== '', 'questions.errors.wordRequired')
    .refine(
      (value) => value.trim() === '' || CROSSWORD_WORD.test(value.normalize('NFC')),
      'questions.errors.wordLettersOnly',
    )
    .refine(
      (value) => !CROSSWORD_WORD.test(value.normalize('NFC')) || crosswordLetters(value).length >= 2,
      'questions.errors.wordTooShort',
    )
    .refine((value) => crosswordLetters(value).length <= 30, 'questions.errors.wordTooLong'),
  clue: filledText('questions.errors.clueEmpty', 500),
});
export type CrosswordEntry = z.infer<typeof CrosswordEntrySchema>;

export const CrosswordPlacementSchema = z.object({
  entryId: PartIdSchema,
  row: z.number().int().min(0).max(200),
  col: z.number().int().min(0).max(200),
  direction: z.enum(['across', 'down']),
  number: z.number().int().min(1).max(1000),
});

export const CrosswordLayoutSchema = z.object({
  rows: z.number().int().min(0).max(200),
  cols: z.number().int().min(0).max(200),
  placements: z.array(CrosswordPlacementSchema).max(100),
});

export const CrosswordConfigSchema = z
  .object({
    entries: z
      .array(CrosswordEntrySchema)
      .min(2, 'questions.errors.entriesTooFew')
      .max(30, 'questions.errors.entriesTooMany'),
    /** Made by generateCrosswordLayout(entries); regenerate it whenever the entries change. */
    layout: CrosswordLayoutSchema,
  })
  .superRefine((config, ctx) => {
    const ids = config.entries.map((entry) => entry.id);
    checkUniqueIds(ctx, ids, (i) => ['entries', i, 'id']);
    if (new Set(ids).size !== ids.length) return;
    if (!crosswordGrid(config.entries, config.layout).ok)
      ctx.addIssue({ code: 'custom', message: 'questions.errors.crosswordLayoutInvalid', path: ['layout'] });
  });
export type CrosswordConfig = z.infer<typeof CrosswordConfigSchema>;

/** Entry id → the word the student wrote in its cells. */
export const CrosswordAnswerSchema = z.record(z.string().max(64), AnswerTextSchema);
export type CrosswordAnswer = z.infer<typeof CrosswordAnswerSchema>;

/**
 * Partial credit per word, equal weight: right words / entries × max. Each clue is a separate
 * question; a word counts when all its letters are right (compared cell by cell in upper case,
 * NFC, spaces ignored), so a half-filled word earns nothing but does not spoil the others.
 * details: entry id → right.
 */
export const crossword = defineFamily<CrosswordConfig, CrosswordAnswer, StudentCrosswordConfig>({
  id: 'crossword',
  config: CrosswordConfigSchema,
  answer: CrosswordAnswerSchema,
  /** 2 empty words and clues, empty layout (entry checks). */
  defaultConfig: () => ({
    entries: ['1', '2'].map((id) => ({ id, answer: '', clue: '' })),
    layout: { rows: 0, cols: 0, placements: [] },
  }),
  fromExample,
  toExample,
  studentView,
  ...NOT_READ_NOR_ANALYSED,
  expectedAnswer: (config) =>
    Object.fromEntries(config.entries.map((entry) => [entry.id, crosswordLetters(entry.answer).join('')])),
  mark: totalMark(CrosswordConfigSchema, CrosswordAnswerSchema, (config, answer, max) => {
    const details: Record<string, boolean> = {};
    let right = 0;
    for (const entry of config.entries) {
      const given = own(answer, entry.id);
      const ok =
        given !== undefined && crosswordLetters(given).join('') === crosswordLetters(entry.answer).join('');
      details[entry.id] = ok;
      if (ok) right += 1;
    }
    return partial(right / config.entries.length, max, details);
  }),
});
