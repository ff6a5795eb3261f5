import type { FillBlanksConfig } from '@vbuilder/shared';
import { toScore, typeFor, type FamilyConverter, type Note } from '../../convert.ts';
import type { MoodleItem } from '../../formats/models.ts';
import { plain } from '../../rich-text.ts';
import { fillBlanksDraft, splitLead } from './common.ts';

const TEXT_GAPS = new Set(['SHORTANSWER', 'SHORTANSWER_C', 'NUMERICAL']);

/**
 * Moodle cloze (multianswer) ↔ fill in the blanks. SHORTANSWER (case-insensitive),
 * SHORTANSWER_C (case-sensitive) and exact NUMERICAL gaps become blanks with their 100% answers;
 * a cloze mixing both cases, or with MULTICHOICE / MULTIRESPONSE gaps or numeric tolerances,
 * is skipped with the gap kind. The paragraphs before the first gap are the question text (the
 * question's name when there are none); the rest is the passage.
 */
export const fillBlanksMoodle: FamilyConverter<MoodleItem, FillBlanksConfig> = {
  read(item, hint) {
    if (item.type !== 'multianswer') return null;
    const other = item.gaps.find((g) => !TEXT_GAPS.has(g.kind));
    if (other) return { skip: { code: 'clozeGapKind', params: { kind: other.kind } } };
    if (
      item.gaps.some(
        (g) =>
          g.kind === 'NUMERICAL' && g.answers.some((a) => a.fraction >= 99.9 && (a.tolerance ?? 0) !== 0),
      )
    )
      return { skip: { code: 'clozeGapKind', params: { kind: 'NUMERICAL' } } };
    const textGaps = item.gaps.filter((g) => g.kind !== 'NUMERICAL');
    const caseSensitive = textGaps.some((g) => g.kind === 'SHORTANSWER_C');
    if (caseSensitive && textGaps.some((g) => g.kind === 'SHORTANSWER'))
      return { skip: { code: 'doesNotFit', params: { rule: 'interchange.oneCaseRule' } } };
    const { lead, passage } = splitLead(item.text.text);
    const notes: Note[] = [];
    if (item.gaps.some((g) => g.answers.some((a) => a.fraction > 0 && a.fraction < 99.9)))
      notes.push({ code: 'weightsNotKept', params: { weights: 'partial answers' } });
    if (item.hasFeedback || item.generalFeedback) notes.push({ code: 'feedbackDropped' });
    return fillBlanksDraft({
      type: typeFor('fillBlanks', hint, 'fill-in-the-blanks'),
      text: { ...item.text, text: lead || item.name },
      score: toScore(item.defaultGrade),
      passage,
      gaps: item.gaps.map((g) => g.answers.filter((a) => a.fraction >= 99.9).map((a) => a.text)),
      caseSensitive,
      notes,
    });
  },
  write(question) {
    const { config } = question;
    const byId = new Map(config.gaps.map((g) => [g.id, g]));
    const order: string[] = [];
    // Gaps are renumbered in passage order: cloze gaps have no ids, only positions.
    const passage = config.passage.replace(/\[\[([1-9][0-9]{0,2})\]\]/g, (_m, id: string) => {
      order.push(id);
      return `[[${order.length}]]`;
    });
    return {
      type: 'multianswer',
      name: question.text.split('\n')[0]!.slice(0, 255),
      text: plain(`${question.text}\n\n${passage}`),
      generalFeedback: '',
      defaultGrade: question.score,
      fields: {},
      answers: [],
      subquestions: [],
      gaps: order.map((id) => ({
        kind: config.caseSensitive ? 'SHORTANSWER_C' : 'SHORTANSWER',
        weight: 1,
        answers: (byId.get(id)?.accepted ?? []).map((text) => ({ fraction: 100, text, feedback: '' })),
      })),
      hasFeedback: false,
      tags: [],
    };
  },
};
