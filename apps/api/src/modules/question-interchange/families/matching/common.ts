import type { QuestionTypeId } from '@vbuilder/shared';
import type { Note, ReadOutcome } from '../../convert.ts';
import type { RichText } from '../../rich-text.ts';

/** A matching draft: pairs get ids '1', '2'…; distractors are matches no prompt takes. */
export function matchingDraft(input: {
  type: QuestionTypeId;
  text: RichText;
  score: number | null;
  pairs: { prompt: string; match: string }[];
  distractors: string[];
  notes?: Note[];
}): ReadOutcome {
  const pairs = input.pairs.filter((p) => p.prompt.trim() && p.match.trim());
  if (pairs.length < 2 || pairs.length > 30)
    return { skip: { code: 'doesNotFit', params: { rule: `2-30 pairs (${pairs.length})` } } };
  const matches = new Set(pairs.map((p) => p.match.trim().toLowerCase()));
  if (matches.size !== pairs.length)
    return { skip: { code: 'doesNotFit', params: { rule: 'each prompt its own match' } } };
  const distractors = [
    ...new Set(input.distractors.map((d) => d.trim()).filter((d) => d && !matches.has(d.toLowerCase()))),
  ];
  if (distractors.length > 10)
    return { skip: { code: 'doesNotFit', params: { rule: 'at most 10 distractors' } } };
  return {
    type: input.type,
    text: input.text,
    score: input.score,
    config: {
      pairs: pairs.map((p, i) => ({ id: String(i + 1), prompt: p.prompt.trim(), match: p.match.trim() })),
      distractors,
    },
    notes: input.notes ?? [],
  };
}
