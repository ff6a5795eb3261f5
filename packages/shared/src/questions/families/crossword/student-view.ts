import { crosswordGrid, crosswordLetters, type CrosswordLayout } from '../../crossword-layout.ts';
import { UNMASKED, type FamilyStudentView } from '../../family.ts';
import type { CrosswordConfig } from './index.ts';

export interface StudentCrosswordConfig {
  /** `answer` only in a full question; a student view gives the word's `length` in cells. */
  entries: { id: string; clue: string; answer?: string; length?: number }[];
  layout: CrosswordLayout;
}

/** The clues and the grid, each word's length instead of the word. */
export const studentView: FamilyStudentView<CrosswordConfig, StudentCrosswordConfig> = {
  ...UNMASKED,
  config: (c) => ({
    entries: c.entries.map((e) => ({ id: e.id, clue: e.clue, length: crosswordLetters(e.answer).length })),
    layout: c.layout,
  }),
};

/**
 * The grid of a crossword from a student view (word lengths, no words): the same cells and
 * numbers crosswordGrid gives for the full question, with no letters in them.
 */
export function studentCrosswordGrid(config: StudentCrosswordConfig): ReturnType<typeof crosswordGrid> {
  // Every word spelled with one placeholder letter: crossings always agree, lengths are right.
  const entries = config.entries.map((e) => ({
    id: e.id,
    answer: e.answer ?? 'A'.repeat(Math.max(0, e.length ?? 0)),
  }));
  const grid = crosswordGrid(entries, config.layout);
  if (!grid.ok || config.entries.every((e) => e.answer !== undefined)) return grid;
  return {
    ok: true,
    cells: grid.cells.map((row) => row.map((cell) => (cell ? { ...cell, letter: '' } : cell))),
  };
}

/** The number of cells of a crossword entry, from a full question or a student view. */
export function crosswordEntryLength(entry: { answer?: string; length?: number }): number {
  return entry.answer !== undefined ? crosswordLetters(entry.answer).length : (entry.length ?? 0);
}
