import type { FamilyStudentView } from '../../family.ts';
import { asObject, maskIn, secretOrder, unmaskMap } from '../../student-masking.ts';
import { matchingDistractorId, type MatchingConfig } from './index.ts';

export interface StudentMatchingConfig {
  /** The prompts; `match` only in a full question (previews). */
  pairs: { id: string; prompt: string; match?: string }[];
  /** Full question only. */
  distractors?: string[];
  /** Student view only: every match and distractor under an opaque id, in a secret order. */
  matches?: { id: string; text: string }[];
}

/**
 * Every match gets an opaque id (a prompt's own match shares its id otherwise) and the matches
 * come in a secret order.
 */
export const studentView: FamilyStudentView<MatchingConfig, StudentMatchingConfig> = {
  config: (c, context) => {
    const matches = [
      ...c.pairs.map((p) => ({ id: maskIn(context, 'match', p.id), text: p.match })),
      ...c.distractors.map((text, i) => ({ id: maskIn(context, 'match', matchingDistractorId(i)), text })),
    ];
    return {
      pairs: c.pairs.map((p) => ({ id: p.id, prompt: p.prompt })),
      matches: secretOrder(matches, (m) => m.id, context.seed, `${context.questionId}:matches`),
    };
  },
  answerFromView: (c, context, answer) => {
    const map = unmaskMap(context, 'match', [
      ...c.pairs.map((p) => p.id),
      ...c.distractors.map((_, i) => matchingDistractorId(i)),
    ]);
    const result: Record<string, string> = {};
    for (const [promptId, value] of Object.entries(asObject(answer))) {
      const original = typeof value === 'string' ? map.get(value) : undefined;
      if (original !== undefined) result[promptId] = original;
    }
    return result;
  },
  answerToView: (_c, context, answer) =>
    Object.fromEntries(
      Object.entries(asObject(answer)).map(([k, v]) => [
        k,
        typeof v === 'string' ? maskIn(context, 'match', v) : v,
      ]),
    ),
  detailsToView: (_c, _context, details) => details,
};
