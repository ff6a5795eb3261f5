import { matchingKey, type QuestionTypeId } from '@vbuilder/shared';
import type { Note, ReadOutcome } from '../../convert.ts';
import type { RichText } from '../../rich-text.ts';

/**
 * A matching draft: pairs get ids '1', '2'…; prompts may share a match (Moodle repeats the
 * answer text per subquestion, QTI and Canvas point two prompts at one target); distractors are
 * matches no prompt takes (one reading like a match is that match, not a distractor).
 */
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
  if (new Set(pairs.map((p) => matchingKey(p.prompt))).size !== pairs.length)
    return { skip: { code: 'doesNotFit', params: { rule: 'each prompt once' } } };
  const answers = new Set(pairs.map((p) => matchingKey(p.match)));
  const distractors: string[] = [];
  for (const text of input.distractors.map((d) => d.trim())) {
    const key = matchingKey(text);
    if (key === '' || answers.has(key)) continue;
    answers.add(key);
    distractors.push(text);
  }
  if (distractors.length > 10)
    return { skip: { code: 'doesNotFit', params: { rule: 'at most 10 distractors' } } };
  if (answers.size < 2)
    return { skip: { code: 'doesNotFit', params: { rule: 'at least 2 different matches' } } };
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
