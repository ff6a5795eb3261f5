import type { FillBlanksConfig } from '@vbuilder/shared';
import { toScore, typeFor, type FamilyConverter } from '../../convert.ts';
import type { QtiItem } from '../../formats/models.ts';
import { plain } from '../../rich-text.ts';
import { fillBlanksDraft } from './common.ts';

/**
 * QTI text entries inline in a passage (several textEntryInteractions, or one with text around
 * it) ↔ fill in the blanks. The passage is the block that holds them; the rest of the body is
 * the question text (the item's title when the body has nothing else). One case rule for all:
 * any case-sensitive entry makes the question case-sensitive.
 */
export const fillBlanksQti: FamilyConverter<QtiItem, FillBlanksConfig> = {
  read(item, hint) {
    if (
      item.passage === '' ||
      item.interactions.length === 0 ||
      item.interactions.some((i) => i.kind !== 'textEntry')
    )
      return null;
    const entries = item.interactions.flatMap((i) => (i.kind === 'textEntry' ? [i] : []));
    const cases = new Set(entries.map((e) => e.caseSensitive));
    if (cases.size > 1) return { skip: { code: 'doesNotFit', params: { rule: 'interchange.oneCaseRule' } } };
    return fillBlanksDraft({
      type: typeFor('fillBlanks', hint, 'fill-in-the-blanks'),
      text: item.text.text
        ? item.text
        : { ...item.text, text: item.title || item.passage.replace(/\[\[\d+\]\]/g, '___') },
      score: toScore(item.score),
      passage: item.passage,
      gaps: entries.map((e) => e.correct),
      caseSensitive: entries[0]?.caseSensitive ?? false,
      notes: [
        ...(entries.some((e) => e.partial?.length)
          ? [
              {
                code: 'weightsNotKept' as const,
                params: { weights: entries.flatMap((e) => e.partial ?? []).join(', ') },
              },
            ]
          : []),
        ...(item.hasFeedback ? [{ code: 'feedbackDropped' as const }] : []),
      ],
    });
  },
  write(question) {
    const { config } = question;
    const byId = new Map(config.gaps.map((g) => [g.id, g]));
    const order: string[] = [];
    const passage = config.passage.replace(/\[\[([1-9][0-9]{0,2})\]\]/g, (_m, id: string) => {
      order.push(id);
      return `[[${order.length}]]`;
    });
    return {
      identifier: '',
      title: '',
      text: plain(question.text),
      passage,
      interactions: order.map((id) => ({
        kind: 'textEntry' as const,
        correct: [...(byId.get(id)?.accepted ?? [])],
        caseSensitive: config.caseSensitive,
      })),
      score: question.score,
      hasFeedback: false,
      typeHint: question.type,
    };
  },
};
