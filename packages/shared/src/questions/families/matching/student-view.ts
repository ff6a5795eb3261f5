import type { FamilyStudentView } from '../../family.ts';
import { asObject, maskIn, secretOrder, unmaskMap } from '../../student-masking.ts';
import { matchingChoices, matchingDistractorId } from './answers.ts';
import type { MatchingConfig } from './index.ts';

export interface StudentMatchingConfig {
  /** The prompts; `match` only in a full question (previews). */
  pairs: { id: string; prompt: string; match?: string }[];
  /** Full question only. */
  distractors?: string[];
  /**
   * Student view only: every answer once (a match prompts share is one answer) and every
   * distractor, under opaque ids, in a secret order.
   */
  matches?: { id: string; text: string }[];
}

/**
 * Every answer gets an opaque id (a prompt's own match shares its id otherwise) and the answers
 * come in a secret order. A match several prompts share is listed once and stays available for
 * each of them.
 */
export const studentView: FamilyStudentView<MatchingConfig, StudentMatchingConfig> = {
  config: (c, context) => {
    const matches = matchingChoices(c).map((m) => ({ id: maskIn(context, 'match', m.id), text: m.text }));
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
