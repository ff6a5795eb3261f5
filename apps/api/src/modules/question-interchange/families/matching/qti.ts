import type { MatchingConfig } from '@vbuilder/shared';
import { toScore, typeFor, type FamilyConverter } from '../../convert.ts';
import type { QtiItem } from '../../formats/models.ts';
import { plain } from '../../rich-text.ts';
import { matchingDraft } from './common.ts';

/**
 * QTI matchInteraction (or associate pairs read into the same shape) whose correct response is
 * one-to-one ↔ matching: first set prompts, second set matches; targets no source takes are
 * distractors. Many-to-one answers are drag and drop (drag-drop/qti.ts).
 */
export const matchingQti: FamilyConverter<QtiItem, MatchingConfig> = {
  read(item, hint) {
    const interaction = item.interactions[0];
    if (item.interactions.length !== 1 || interaction?.kind !== 'match') return null;
    const targetsUsed = interaction.correct.map(([, t]) => t);
    const sourcesUsed = interaction.correct.map(([s]) => s);
    if (new Set(targetsUsed).size !== targetsUsed.length || new Set(sourcesUsed).size !== sourcesUsed.length)
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
      distractors: interaction.targets.filter((t) => !targetsUsed.includes(t.id)).map((t) => t.text),
      notes: item.hasFeedback ? [{ code: 'feedbackDropped' }] : [],
    });
  },
  write(question) {
    const { config } = question;
    return {
      identifier: '',
      title: '',
      text: plain(question.text),
      passage: '',
      interactions: [
        {
          kind: 'match',
          sources: config.pairs.map((p) => ({ id: `P${p.id}`, text: p.prompt, matchMax: 1 })),
          targets: [
            ...config.pairs.map((p) => ({ id: `M${p.id}`, text: p.match, matchMax: 1 })),
            ...config.distractors.map((d, i) => ({ id: `D${i + 1}`, text: d, matchMax: 1 })),
          ],
          correct: config.pairs.map((p) => [`P${p.id}`, `M${p.id}`] as [string, string]),
        },
      ],
      score: question.score,
      hasFeedback: false,
      typeHint: question.type,
    };
  },
};
