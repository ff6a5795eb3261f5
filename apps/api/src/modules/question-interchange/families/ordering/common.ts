import type { QuestionTypeId } from '@vbuilder/shared';
import type { ReadOutcome } from '../../convert.ts';
import type { RichText } from '../../rich-text.ts';

/** An ordering draft: items in their right order, ids '1', '2'…. */
export function orderingDraft(input: {
  type: QuestionTypeId;
  text: RichText;
  score: number | null;
  items: string[];
  feedback?: boolean;
}): ReadOutcome {
  const items = input.items.map((t) => t.trim());
  if (items.length < 2 || items.length > 30 || items.some((t) => !t))
    return { skip: { code: 'doesNotFit', params: { rule: `2-30 items (${items.length})` } } };
  return {
    type: input.type,
    text: input.text,
    score: input.score,
    config: { items: items.map((text, i) => ({ id: String(i + 1), text })) },
    notes: input.feedback ? [{ code: 'feedbackDropped' }] : [],
  };
}
