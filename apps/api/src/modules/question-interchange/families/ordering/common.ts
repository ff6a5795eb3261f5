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
  // The rule as the schema names it (index.ts words it for the reader: "Item 2: Please fill in all items.").
  const empty = items.findIndex((t) => !t);
  const broken =
    items.length < 2
      ? 'questions.errors.itemsTooFew'
      : items.length > 30
        ? 'questions.errors.itemsTooMany'
        : empty >= 0
          ? `config.items.${empty}.text: questions.errors.itemEmpty`
          : null;
  if (broken) return { skip: { code: 'doesNotFit', params: { rule: broken } } };
  return {
    type: input.type,
    text: input.text,
    score: input.score,
    config: { items: items.map((text, i) => ({ id: String(i + 1), text })) },
    notes: input.feedback ? [{ code: 'feedbackDropped' }] : [],
  };
}
