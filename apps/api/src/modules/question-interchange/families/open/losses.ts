import type { OpenConfig } from '@vbuilder/shared';
import type { Note } from '../../convert.ts';
import { mimeOf } from '../../file-types.ts';
import type { ExportFormat } from '../../types.ts';

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

const PART_NAMES: Record<(typeof OPEN_PARTS)[number], string> = {
  rubric: 'rubric',
  modelAnswer: 'modelAnswer',
  maxWords: 'wordLimit',
  starterCode: 'starterCode',
  codeLanguage: 'codeLanguage',
  acceptedFileTypes: 'fileTypes',
};

/** The parts of an open question the format has no place for (a file type QTI cannot name, too). */
export function openLosses(config: OpenConfig, format: ExportFormat): Note[] {
  const notes: Note[] = [];
  for (const name of OPEN_PARTS) {
    const value = config[name];
    const set = Array.isArray(value) ? value.length > 0 : value !== undefined && value !== '';
    if (!set || (name === 'codeLanguage' && value === 'other')) continue;
    if (!OPEN_CARRIED[format].has(name))
      notes.push({ code: 'partNotCarried', params: { part: PART_NAMES[name] } });
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
  return notes;
}
