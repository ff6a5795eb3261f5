import type { QuestionTypeId } from '@vbuilder/shared';
import type { Note, ReadOutcome } from '../../convert.ts';
import type { RichText } from '../../rich-text.ts';

/** A fill-in-the-blanks draft: `passage` holds [[1]]… markers, `gaps[i]` the accepted answers of gap i+1. */
export function fillBlanksDraft(input: {
  type: QuestionTypeId;
  text: RichText;
  score: number | null;
  passage: string;
  gaps: string[][];
  caseSensitive: boolean;
  notes?: Note[];
}): ReadOutcome {
  if (input.gaps.length === 0) return { skip: { code: 'noCorrectAnswer' } };
  if (input.gaps.length > 100)
    return { skip: { code: 'doesNotFit', params: { rule: 'questions.errors.gapsTooMany' } } };
  const gaps = input.gaps.map((accepted, i) => ({
    id: String(i + 1),
    accepted: [...new Set(accepted.map((a) => a.trim()).filter(Boolean))],
  }));
  if (gaps.some((g) => g.accepted.length === 0)) return { skip: { code: 'noCorrectAnswer' } };
  return {
    type: input.type,
    text: input.text,
    score: input.score,
    config: { passage: input.passage, gaps, caseSensitive: input.caseSensitive },
    notes: input.notes ?? [],
  };
}

/** Splits Moodle-style text into what comes before the first paragraph with a gap and the rest. */
export function splitLead(whole: string): { lead: string; passage: string } {
  const paragraphs = whole.split(/\n{2,}/);
  const first = paragraphs.findIndex((p) => /\[\[[1-9][0-9]*\]\]/.test(p));
  if (first <= 0) return { lead: '', passage: whole };
  return { lead: paragraphs.slice(0, first).join('\n\n'), passage: paragraphs.slice(first).join('\n\n') };
}
