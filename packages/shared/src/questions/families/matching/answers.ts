import { normaliseAnswerText } from '../../text-normalise.ts';

/**
 * How a player names distractor i in an answer value. Any value that is not a pair id is wrong,
 * so this is a convention for players, not something marking depends on.
 */
export const matchingDistractorId = (index: number): string => `distractor-${index}`;

/** How two matches are compared: as a reader sees them (case, spacing, a closing full stop aside). */
export const matchingKey = (text: string): string => normaliseAnswerText(text, false);

/**
 * Pair id → the id of the answer its prompt takes. Prompts may share an answer (frog and newt
 * both go with "amphibian"): pairs whose matches read the same are one answer, named by the first
 * of them. Without shared matches every pair is its own answer, so one-to-one questions saved
 * before sharing existed mean exactly what they meant.
 */
export function matchingAnswerIds(pairs: readonly { id: string; match: string }[]): Map<string, string> {
  const first = new Map<string, string>();
  const out = new Map<string, string>();
  for (const pair of pairs) {
    const key = matchingKey(pair.match);
    if (!first.has(key)) first.set(key, pair.id);
    out.set(pair.id, first.get(key)!);
  }
  return out;
}

/**
 * The answers a student chooses from, each once, in the teacher's order: every distinct match
 * (under the id of its first pair), then the distractors (under matchingDistractorId).
 */
export function matchingChoices(config: {
  pairs: readonly { id: string; match: string }[];
  distractors: readonly string[];
}): { id: string; text: string }[] {
  const ids = matchingAnswerIds(config.pairs);
  return [
    ...config.pairs.filter((p) => ids.get(p.id) === p.id).map((p) => ({ id: p.id, text: p.match })),
    ...config.distractors.map((text, i) => ({ id: matchingDistractorId(i), text })),
  ];
}
