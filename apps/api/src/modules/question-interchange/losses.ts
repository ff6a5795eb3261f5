import {
  SHORT_ANSWER_DEFAULT_MAX_WORDS,
  getQuestionType,
  type ChoiceConfig,
  type OpenConfig,
  type ShortAnswerConfig,
} from '@vbuilder/shared';
import type { Note } from './convert.ts';
import { mimeOf } from './file-types.ts';
import type { ExportFormat, ExportableQuestion } from './types.ts';

/**
 * What a written question loses in a format: the parts the format has no place for, so that the
 * export check lists them before the download ("7 of 7" with nothing said would be a lie). A part
 * at the value an import of that format gives back (a GIFT score of 1, GIFT's shuffled options)
 * is not a loss. Keep in step with the writers: a part a writer starts to carry leaves this list.
 */

/** What each format gives back for a part it does not carry (its import's default). */
const NO_POINTS: ReadonlySet<ExportFormat> = new Set(['gift', 'aiken']);
const SHUFFLED_ON_IMPORT: Partial<Record<ExportFormat, boolean>> = { gift: true, aiken: false };

/** The open family's parts each format carries (Moodle: graderinfo, general feedback, maxwordlimit, response template, file types). */
const OPEN_CARRIED: Record<ExportFormat, ReadonlySet<keyof OpenConfig>> = {
  qti3: new Set(['rubric', 'modelAnswer', 'acceptedFileTypes']),
  moodle: new Set(['rubric', 'modelAnswer', 'maxWords', 'starterCode', 'acceptedFileTypes']),
  gift: new Set([]),
  aiken: new Set([]),
};
const OPEN_PARTS = [
  'rubric',
  'modelAnswer',
  'maxWords',
  'starterCode',
  'codeLanguage',
  'acceptedFileTypes',
] as const;

export function lostParts(question: ExportableQuestion, format: ExportFormat): Note[] {
  const notes: Note[] = [];
  const part = (name: string) => notes.push({ code: 'partNotCarried', params: { part: name } });
  if (NO_POINTS.has(format) && question.score !== 1)
    notes.push({ code: 'scoreNotCarried', params: { score: question.score } });
  // Instructions of the type's own wording come back by themselves (absent means the default).
  const instructions = question.instructions?.trim();
  if (instructions && instructions !== getQuestionType(question.type).instructions) part('instructions');
  if (format === 'qti3' && question.tags?.length) part('tags');
  const family = getQuestionType(question.type).family;
  if (family === 'choice') {
    const shuffled = SHUFFLED_ON_IMPORT[format];
    if (shuffled !== undefined && (question.config as ChoiceConfig).shuffle !== shuffled)
      part(shuffled ? 'fixedOrder' : 'shuffle');
  }
  if (family === 'shortAnswer') {
    const { maxWords } = question.config as ShortAnswerConfig;
    if (maxWords !== undefined && maxWords !== SHORT_ANSWER_DEFAULT_MAX_WORDS) part('wordLimit');
  }
  if (family === 'open') {
    const config = question.config as OpenConfig;
    for (const name of OPEN_PARTS) {
      const value = config[name];
      const set = Array.isArray(value) ? value.length > 0 : value !== undefined && value !== '';
      if (!set || (name === 'codeLanguage' && value === 'other')) continue;
      if (!OPEN_CARRIED[format].has(name)) part(PART_NAMES[name]);
      else if (
        name === 'acceptedFileTypes' &&
        format === 'qti3' &&
        config.acceptedFileTypes!.some((t) => !mimeOf(t))
      )
        notes.push({
          code: 'partNotCarried',
          params: {
            part: 'fileTypesSome',
            types: config.acceptedFileTypes!.filter((t) => !mimeOf(t)).join(', '),
          },
        });
    }
  }
  return notes;
}

const PART_NAMES: Record<(typeof OPEN_PARTS)[number], string> = {
  rubric: 'rubric',
  modelAnswer: 'modelAnswer',
  maxWords: 'wordLimit',
  starterCode: 'starterCode',
  codeLanguage: 'codeLanguage',
  acceptedFileTypes: 'fileTypes',
};
