import type { DragDropConfig } from '@vbuilder/shared';
import { toScore, typeFor, type FamilyConverter } from '../../convert.ts';
import type { QtiItem } from '../../formats/models.ts';
import { plain } from '../../rich-text.ts';

/**
 * QTI matchInteraction whose correct response puts several sources in one target (a
 * categorisation) ↔ drag and drop: sources are items, targets are zones, a source in no correct
 * pair is a distractor. Export: zones match any number of items (match-max 0).
 */
export const dragDropQti: FamilyConverter<QtiItem, DragDropConfig> = {
  read(item, hint) {
    const interaction = item.interactions[0];
    if (item.interactions.length !== 1 || interaction?.kind !== 'match') return null;
    const sources = interaction.correct.map(([s]) => s);
    if (new Set(sources).size !== sources.length)
      return { skip: { code: 'doesNotFit', params: { rule: 'interchange.dragOneZone' } } };
    if (interaction.correct.length === 0) return { skip: { code: 'noCorrectAnswer' } };
    const zones = interaction.targets.map((t, i) => ({
      id: `z${i + 1}`,
      label: t.text.trim(),
      source: t.id,
    }));
    if (zones.length > 20 || interaction.sources.length > 50)
      return {
        skip: {
          code: 'doesNotFit',
          params: { rule: `questions.errors.${zones.length > 20 ? 'zonesTooMany' : 'itemsTooMany'}` },
        },
      };
    const zoneOf = new Map(
      interaction.correct.map(([s, t]) => [s, zones.find((z) => z.source === t)?.id ?? null]),
    );
    return {
      type: typeFor('dragDrop', hint, 'drag-and-drop'),
      text: item.text,
      score: toScore(item.score),
      config: {
        zones: zones.map(({ id, label }) => ({ id, label })),
        items: interaction.sources.map((s, i) => ({
          id: `i${i + 1}`,
          text: s.text.trim(),
          zoneId: zoneOf.get(s.id) ?? null,
        })),
      },
      notes: item.hasFeedback ? [{ code: 'feedbackDropped' }] : [],
    };
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
          sources: config.items.map((i) => ({ id: `I${i.id}`, text: i.text, matchMax: 1 })),
          targets: config.zones.map((z) => ({ id: `Z${z.id}`, text: z.label, matchMax: 0 })),
          correct: config.items.flatMap((i) =>
            i.zoneId ? [[`I${i.id}`, `Z${i.zoneId}`] as [string, string]] : [],
          ),
        },
      ],
      score: question.score,
      hasFeedback: false,
      typeHint: question.type,
    };
  },
};
