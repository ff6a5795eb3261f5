import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { StudentQuestion } from '../schemas/attempts.ts';
import { crosswordGrid, crosswordLetters, type CrosswordLayout } from './crossword-layout.ts';
import type { ChoiceConfig, ChoiceOption } from './families/choice.ts';
import type { CrosswordConfig } from './families/crossword.ts';
import type { DragDropConfig } from './families/drag-drop.ts';
import type { FillBlanksConfig } from './families/fill-blanks.ts';
import { matchingDistractorId, type MatchingConfig } from './families/matching.ts';
import type { OpenConfig } from './families/open.ts';
import type { OrderingConfig } from './families/ordering.ts';
import type { ShortAnswerConfig } from './families/short-answer.ts';
import type { FamilyId } from './family.ts';
import type { Question } from './question.ts';
import { getQuestionType } from './registry.ts';

/**
 * What a student receives of a question while taking an assessment: everything a player needs,
 * nothing that gives the answer away. Each config below is a structural subset of the family's
 * full config, so players typed with these accept both a student view (attempts) and a full
 * question (previews).
 *
 * Where ids or order alone would reveal the answer, the view hides them with a secret seed (the
 * attempt's shuffleSeed, never sent to the student):
 * - matching: every match gets an opaque id (a prompt's own match shares its id otherwise) and the
 *   matches come in a secret order;
 * - ordering: item ids are opaque (editors number them in the right order) and the items come
 *   scrambled;
 * - drag and drop: zone ids are opaque (default ids pair 'i1' with 'z1') and items are shuffled;
 * - choice: options are shuffled when the teacher asked for it.
 * Answers a player gives in the view's ids go back to the question's own ids with
 * `answerFromStudentView` before marking; `answerToStudentView` does the reverse (the expected
 * answer shown in a review).
 */
export interface StudentChoiceConfig {
  options: ChoiceOption[];
  multiple: boolean;
  shuffle: boolean;
}
/** Nothing to show: the statement is the question text. */
export type StudentTrueFalseConfig = Record<string, unknown>;
export interface StudentShortAnswerConfig {
  caseSensitive: boolean;
  maxWords: number;
}
export interface StudentFillBlanksConfig {
  passage: string;
  gaps: { id: string }[];
  caseSensitive: boolean;
}
export interface StudentMatchingConfig {
  /** The prompts; `match` only in a full question (previews). */
  pairs: { id: string; prompt: string; match?: string }[];
  /** Full question only. */
  distractors?: string[];
  /** Student view only: every match and distractor under an opaque id, in a secret order. */
  matches?: { id: string; text: string }[];
}
export interface StudentOrderingConfig {
  items: { id: string; text: string }[];
  /** Student view only: the items are already in a secret scrambled order; show them as given. */
  scrambled?: boolean;
}
export interface StudentDragDropConfig {
  zones: { id: string; label: string }[];
  items: { id: string; text: string }[];
}
export interface StudentCrosswordConfig {
  /** `answer` only in a full question; a student view gives the word's `length` in cells. */
  entries: { id: string; clue: string; answer?: string; length?: number }[];
  layout: CrosswordLayout;
}
export type StudentOpenConfig = Omit<OpenConfig, 'modelAnswer' | 'rubric'>;

export interface StudentConfigs {
  choice: StudentChoiceConfig;
  trueFalse: StudentTrueFalseConfig;
  shortAnswer: StudentShortAnswerConfig;
  fillBlanks: StudentFillBlanksConfig;
  matching: StudentMatchingConfig;
  ordering: StudentOrderingConfig;
  dragDrop: StudentDragDropConfig;
  crossword: StudentCrosswordConfig;
  open: StudentOpenConfig;
}
export type StudentConfig<K extends FamilyId> = StudentConfigs[K];

/** A keyed hash: the same for the same seed and text, unpredictable without the seed. */
function keyed(seed: string, text: string): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(seed), utf8ToBytes(text)));
}

/** The opaque id a part gets in a student view (scope keeps matches, items and zones apart). */
export function maskPartId(seed: string, questionId: string, scope: string, id: string): string {
  return `x${keyed(seed, `${questionId}\u0000${scope}\u0000${id}`).slice(0, 16)}`;
}

/** Items in a secret order that depends on the seed, the question and each item's key. */
function secretOrder<T>(items: readonly T[], keyOf: (item: T) => string, seed: string, salt: string): T[] {
  return items
    .map((item) => ({ item, rank: keyed(seed, `${salt}\u0000${keyOf(item)}`) }))
    .sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0))
    .map((x) => x.item);
}

/** Like secretOrder, but never the original order when there are two or more items. */
function secretScramble<T>(items: readonly T[], keyOf: (item: T) => string, seed: string, salt: string): T[] {
  const shuffled = secretOrder(items, keyOf, seed, salt);
  if (items.length < 2 || shuffled.some((item, i) => item !== items[i])) return shuffled;
  return [...shuffled.slice(1), shuffled[0]!];
}

const asObject = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

function familyOfQuestion(question: Pick<Question, 'type'>): FamilyId {
  return getQuestionType(question.type).family;
}

/** The student view of each family's config (the question's config is already valid). */
function studentConfigOf(question: Question, seed: string): object {
  const qid = question.id;
  switch (familyOfQuestion(question)) {
    case 'choice': {
      const c = question.config as ChoiceConfig;
      const options = c.options.map((o) => ({ id: o.id, text: o.text, imageUrl: o.imageUrl ?? null }));
      return {
        options: c.shuffle ? secretOrder(options, (o) => o.id, seed, `${qid}:options`) : options,
        multiple: c.multiple,
        // Already in the student's order: a player must not reorder it again.
        shuffle: false,
      } satisfies StudentChoiceConfig;
    }
    case 'trueFalse':
      return {} satisfies StudentTrueFalseConfig;
    case 'shortAnswer': {
      const c = question.config as ShortAnswerConfig;
      return { caseSensitive: c.caseSensitive, maxWords: c.maxWords } satisfies StudentShortAnswerConfig;
    }
    case 'fillBlanks': {
      const c = question.config as FillBlanksConfig;
      return {
        passage: c.passage,
        gaps: c.gaps.map((g) => ({ id: g.id })),
        caseSensitive: c.caseSensitive,
      } satisfies StudentFillBlanksConfig;
    }
    case 'matching': {
      const c = question.config as MatchingConfig;
      const matches = [
        ...c.pairs.map((p) => ({ id: maskPartId(seed, qid, 'match', p.id), text: p.match })),
        ...c.distractors.map((text, i) => ({
          id: maskPartId(seed, qid, 'match', matchingDistractorId(i)),
          text,
        })),
      ];
      return {
        pairs: c.pairs.map((p) => ({ id: p.id, prompt: p.prompt })),
        matches: secretOrder(matches, (m) => m.id, seed, `${qid}:matches`),
      } satisfies StudentMatchingConfig;
    }
    case 'ordering': {
      const c = question.config as OrderingConfig;
      const items = c.items.map((item) => ({ id: maskPartId(seed, qid, 'item', item.id), text: item.text }));
      return {
        items: secretScramble(items, (i) => i.id, seed, `${qid}:items`),
        scrambled: true,
      } satisfies StudentOrderingConfig;
    }
    case 'dragDrop': {
      const c = question.config as DragDropConfig;
      return {
        zones: c.zones.map((z) => ({ id: maskPartId(seed, qid, 'zone', z.id), label: z.label })),
        items: secretOrder(
          c.items.map((i) => ({ id: i.id, text: i.text })),
          (i) => i.id,
          seed,
          `${qid}:items`,
        ),
      } satisfies StudentDragDropConfig;
    }
    case 'crossword': {
      const c = question.config as CrosswordConfig;
      return {
        entries: c.entries.map((e) => ({
          id: e.id,
          clue: e.clue,
          length: crosswordLetters(e.answer).length,
        })),
        layout: c.layout,
      } satisfies StudentCrosswordConfig;
    }
    case 'open': {
      const { modelAnswer: _model, rubric: _rubric, ...rest } = question.config as OpenConfig;
      return rest satisfies StudentOpenConfig;
    }
  }
}

/** A question as a student receives it in an attempt seeded with `seed` (the attempt's shuffleSeed). */
export function studentViewOf(question: Question, seed: string): StudentQuestion {
  const view: StudentQuestion = {
    id: question.id,
    type: question.type,
    text: question.text,
    score: question.score,
    config: studentConfigOf(question, seed) as Record<string, unknown>,
  };
  if (question.instructions !== undefined) view.instructions = question.instructions;
  if (question.imageUrl !== undefined) view.imageUrl = question.imageUrl;
  return view;
}

/** view id → the question's own id, for the parts a student view masks. */
function unmaskMap(
  question: Question,
  seed: string,
  scope: string,
  ids: readonly string[],
): Map<string, string> {
  return new Map(ids.map((id) => [maskPartId(seed, question.id, scope, id), id]));
}

/**
 * A student's answer (in the view's ids) in the question's own ids, ready for markQuestion.
 * An id the view never showed (a guessed original id, say) maps to nothing, so it cannot score.
 */
export function answerFromStudentView(question: Question, seed: string, answer: unknown): unknown {
  if (answer === null || answer === undefined) return answer;
  switch (familyOfQuestion(question)) {
    case 'matching': {
      const c = question.config as MatchingConfig;
      const map = unmaskMap(question, seed, 'match', [
        ...c.pairs.map((p) => p.id),
        ...c.distractors.map((_, i) => matchingDistractorId(i)),
      ]);
      const result: Record<string, string> = {};
      for (const [promptId, value] of Object.entries(asObject(answer))) {
        const original = typeof value === 'string' ? map.get(value) : undefined;
        if (original !== undefined) result[promptId] = original;
      }
      return result;
    }
    case 'ordering': {
      if (!Array.isArray(answer)) return answer;
      const c = question.config as OrderingConfig;
      const map = unmaskMap(
        question,
        seed,
        'item',
        c.items.map((i) => i.id),
      );
      return answer.map((id) => (typeof id === 'string' ? (map.get(id) ?? '') : ''));
    }
    case 'dragDrop': {
      const c = question.config as DragDropConfig;
      const map = unmaskMap(
        question,
        seed,
        'zone',
        c.zones.map((z) => z.id),
      );
      const result: Record<string, string | null> = {};
      for (const [itemId, value] of Object.entries(asObject(answer)))
        result[itemId] = typeof value === 'string' ? (map.get(value) ?? null) : null;
      return result;
    }
    default:
      return answer;
  }
}

/** An answer in the question's own ids (the expected answer) in the student view's ids. */
export function answerToStudentView(question: Question, seed: string, answer: unknown): unknown {
  if (answer === null || answer === undefined) return answer;
  const mask = (scope: string, id: string) => maskPartId(seed, question.id, scope, id);
  switch (familyOfQuestion(question)) {
    case 'matching':
      return Object.fromEntries(
        Object.entries(asObject(answer)).map(([k, v]) => [k, typeof v === 'string' ? mask('match', v) : v]),
      );
    case 'ordering':
      return Array.isArray(answer)
        ? answer.map((id) => (typeof id === 'string' ? mask('item', id) : id))
        : answer;
    case 'dragDrop':
      return Object.fromEntries(
        Object.entries(asObject(answer)).map(([k, v]) => [k, typeof v === 'string' ? mask('zone', v) : v]),
      );
    default:
      return answer;
  }
}

/** A marker's per-part details (keyed by the question's own part ids) keyed as the student view shows them. */
export function detailsToStudentView(
  question: Question,
  seed: string,
  details: Record<string, boolean> | null | undefined,
): Record<string, boolean> | null {
  if (!details) return null;
  if (familyOfQuestion(question) !== 'ordering') return details;
  return Object.fromEntries(
    Object.entries(details).map(([id, ok]) => [maskPartId(seed, question.id, 'item', id), ok]),
  );
}

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
