import { z } from 'zod';
import { defineFamily, NOT_READ_NOR_ANALYSED } from '../../family.ts';
import { matchesAccepted } from '../../text-normalise.ts';
import { AnswerTextSchema, checkUniqueIds, filledText, own, partial, totalMark } from '../common.ts';
import { fromExample, toExample } from './example.ts';
import { studentView, type StudentFillBlanksConfig } from './student-view.ts';

export type { StudentFillBlanksConfig } from './student-view.ts';

/** A gap marker in the passage: [[1]], [[2]]… The number is the gap id. */
export const GAP_MARKER = /\[\[([1-9][0-9]{0,2})\]\]/g;

/** The gap ids in the order their markers appear in the passage (repeats kept). */
export function gapMarkers(passage: string): string[] {
  return Array.from(passage.matchAll(GAP_MARKER), (m) => m[1]!);
}

/**
 * The passage cut at its markers, for players: text and gap segments in reading order.
 * e.g. 'A [[1]] b' → [{ text: 'A ' }, { gapId: '1' }, { text: ' b' }].
 */
export function splitPassage(passage: string): ({ text: string } | { gapId: string })[] {
  const parts: ({ text: string } | { gapId: string })[] = [];
  let last = 0;
  for (const m of passage.matchAll(GAP_MARKER)) {
    if (m.index > last) parts.push({ text: passage.slice(last, m.index) });
    parts.push({ gapId: m[1]! });
    last = m.index + m[0].length;
  }
  if (last < passage.length) parts.push({ text: passage.slice(last) });
  return parts;
}

export const FillBlanksGapSchema = z.object({
  id: z.string().regex(/^[1-9][0-9]{0,2}$/, 'questions.errors.gapIdInvalid'),
  accepted: z
    .array(filledText('questions.errors.answerEmpty', 500))
    .min(1, 'questions.errors.gapAnswerRequired')
    .max(50, 'questions.errors.answersTooMany'),
});
export type FillBlanksGap = z.infer<typeof FillBlanksGapSchema>;

export const FillBlanksConfigSchema = z
  .object({
    passage: filledText('questions.errors.passageRequired', 10_000),
    gaps: z
      .array(FillBlanksGapSchema)
      .min(1, 'questions.errors.gapsRequired')
      .max(100, 'questions.errors.gapsTooMany'),
    caseSensitive: z.boolean(),
  })
  .superRefine((config, ctx) => {
    const gapIds = checkUniqueIds(
      ctx,
      config.gaps.map((g) => g.id),
      (i) => ['gaps', i, 'id'],
    );
    const markers = gapMarkers(config.passage);
    const markerSet = new Set(markers);
    if (markers.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'questions.errors.gapMarkersMissing', path: ['passage'] });
    }
    if (markerSet.size !== markers.length) {
      // A gap shown twice would need one answer in two places; ask for distinct gaps instead.
      ctx.addIssue({ code: 'custom', message: 'questions.errors.gapMarkerDuplicate', path: ['passage'] });
    }
    for (const marker of markerSet) {
      if (!gapIds.has(marker))
        ctx.addIssue({ code: 'custom', message: 'questions.errors.gapMissing', path: ['passage'] });
    }
    config.gaps.forEach((gap, i) => {
      if (!markerSet.has(gap.id))
        ctx.addIssue({
          code: 'custom',
          message: 'questions.errors.gapMarkerMissing',
          path: ['gaps', i, 'id'],
        });
    });
  });
export type FillBlanksConfig = z.infer<typeof FillBlanksConfigSchema>;

/** What the student wrote in each gap, by gap id. */
export const FillBlanksAnswerSchema = z.record(z.string().max(64), AnswerTextSchema);
export type FillBlanksAnswer = z.infer<typeof FillBlanksAnswerSchema>;

/**
 * Partial credit per gap, equal weight: score = right gaps / gaps × max. Each gap tests one
 * thing, so one slip should not cost the gaps the student knew. Each gap uses the short-answer
 * normalisation. Unknown gap ids in the answer are ignored; an empty gap is wrong.
 * details: gap id → right.
 */
export const fillBlanks = defineFamily<FillBlanksConfig, FillBlanksAnswer, StudentFillBlanksConfig>({
  id: 'fillBlanks',
  config: FillBlanksConfigSchema,
  answer: FillBlanksAnswerSchema,
  /** Empty passage, no gaps (passageRequired, gapsRequired). */
  defaultConfig: () => ({ passage: '', gaps: [], caseSensitive: false }),
  fromExample,
  toExample,
  studentView,
  ...NOT_READ_NOR_ANALYSED,
  expectedAnswer: (config) => Object.fromEntries(config.gaps.map((g) => [g.id, g.accepted[0] ?? ''])),
  mark: totalMark(FillBlanksConfigSchema, FillBlanksAnswerSchema, (config, answer, max) => {
    const details: Record<string, boolean> = {};
    let right = 0;
    for (const gap of config.gaps) {
      const given = own(answer, gap.id);
      const ok = given !== undefined && matchesAccepted(given, gap.accepted, config.caseSensitive);
      details[gap.id] = ok;
      if (ok) right += 1;
    }
    return partial(right / config.gaps.length, max, details);
  }),
});
