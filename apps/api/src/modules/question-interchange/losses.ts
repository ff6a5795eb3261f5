import { getQuestionType } from '@vbuilder/shared';
import type { Note } from './convert.ts';
import { FAMILY_LOSSES } from './families/registry.ts';
import type { ExportFormat, ExportableQuestion } from './types.ts';

/**
 * What a written question loses in a format: the parts the format has no place for, so that the
 * export check lists them before the download ("7 of 7" with nothing said would be a lie). A part
 * at the value an import of that format gives back (a GIFT score of 1, GIFT's shuffled options)
 * is not a loss. Keep in step with the writers: a part a writer starts to carry leaves this list.
 * The parts every question has are here; its family's own parts, in its folder's losses.ts
 * (families/registry.ts, FAMILY_LOSSES).
 */

/** What each format gives back for a part it does not carry (its import's default). */
const NO_POINTS: ReadonlySet<ExportFormat> = new Set(['gift', 'aiken']);

export function lostParts(question: ExportableQuestion, format: ExportFormat): Note[] {
  const notes: Note[] = [];
  const part = (name: string) => notes.push({ code: 'partNotCarried', params: { part: name } });
  if (NO_POINTS.has(format) && question.score !== 1)
    notes.push({ code: 'scoreNotCarried', params: { score: question.score } });
  // Instructions of the type's own wording come back by themselves (absent means the default).
  const instructions = question.instructions?.trim();
  if (instructions && instructions !== getQuestionType(question.type).instructions) part('instructions');
  if (format === 'qti3' && question.tags?.length) part('tags');
  const familyLosses = FAMILY_LOSSES[getQuestionType(question.type).family] as
    ((config: unknown, format: ExportFormat) => Note[]) | null;
  if (familyLosses) notes.push(...familyLosses(question.config, format));
  return notes;
}
