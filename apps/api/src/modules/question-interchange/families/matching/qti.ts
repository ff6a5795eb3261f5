import { matchingAnswerIds, type MatchingConfig } from '@vbuilder/shared';
import { toScore, typeFor, type FamilyConverter } from '../../convert.ts';
import type { QtiItem } from '../../formats/models.ts';
import { plain } from '../../rich-text.ts';
import { matchingDraft } from './common.ts';

/**
 * QTI matchInteraction (or associate pairs read into the same shape; QTI 1.2 / Canvas matching
 * too) ↔ matching: first set prompts, second set matches; targets no source takes are
 * distractors. Each prompt has one match, and prompts may share one: a target in several correct
 * pairs, whose match-max says how many prompts it takes. A categorisation is drag and drop
 * (drag-drop/qti.ts) instead: a source in several targets, a source in none (an item that belongs
 * nowhere), or a shared target open to any number of sources (match-max 0, a zone).
 */
export const matchingQti: FamilyConverter<QtiItem, MatchingConfig> = {
  read(item, hint) {
    const interaction = item.interactions[0];
    if (item.interactions.length !== 1 || interaction?.kind !== 'match') return null;
    const sourcesUsed = interaction.correct.map(([s]) => s);
    if (new Set(sourcesUsed).size !== sourcesUsed.length) return null;
    const uses = new Map<string, number>();
    for (const [, t] of interaction.correct) uses.set(t, (uses.get(t) ?? 0) + 1);
    const shared = interaction.targets.filter((t) => (uses.get(t.id) ?? 0) > 1);
    if (
      shared.length > 0 &&
      (shared.some((t) => t.matchMax === 0) || interaction.sources.some((s) => !sourcesUsed.includes(s.id)))
    )
      return null;
    if (interaction.correct.length === 0) return { skip: { code: 'noCorrectAnswer' } };
    const source = new Map(interaction.sources.map((s) => [s.id, s.text]));
    const target = new Map(interaction.targets.map((t) => [t.id, t.text]));
    return matchingDraft({
      type: typeFor('matching', hint, 'matching-pairs'),
      text: item.text,
      score: toScore(item.score),
      pairs: interaction.correct.map(([s, t]) => ({
        prompt: source.get(s) ?? '',
        match: target.get(t) ?? '',
      })),
      distractors: interaction.targets.filter((t) => !uses.has(t.id)).map((t) => t.text),
      notes: item.hasFeedback ? [{ code: 'feedbackDropped' }] : [],
    });
  },
  write(question) {
    const { config } = question;
    const answerOf = matchingAnswerIds(config.pairs);
    const takers = (id: string) => config.pairs.filter((p) => answerOf.get(p.id) === id).length;
    return {
      identifier: '',
      title: '',
      text: plain(question.text),
      passage: '',
      interactions: [
        {
          kind: 'match',
          sources: config.pairs.map((p) => ({ id: `P${p.id}`, text: p.prompt, matchMax: 1 })),
          // A match prompts share is one target taking as many prompts as share it.
          targets: [
            ...config.pairs
              .filter((p) => answerOf.get(p.id) === p.id)
              .map((p) => ({ id: `M${p.id}`, text: p.match, matchMax: takers(p.id) })),
            ...config.distractors.map((d, i) => ({ id: `D${i + 1}`, text: d, matchMax: 1 })),
          ],
          correct: config.pairs.map((p) => [`P${p.id}`, `M${answerOf.get(p.id)!}`] as [string, string]),
        },
      ],
      score: question.score,
      hasFeedback: false,
      typeHint: question.type,
    };
  },
};
