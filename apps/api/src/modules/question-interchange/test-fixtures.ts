import { QUESTION_TYPES, getQuestionType, type Question, type QuestionTypeId } from '@vbuilder/shared';
import type { ExportFormat, ExportableQuestion } from './types.ts';

/**
 * One sample question per vbuilder type, shaped to what `format` carries (GIFT and Aiken have no
 * score; GIFT always shuffles and Aiken never does; GIFT has one blank and no distractors…),
 * with part ids as the importers number them, so export → import must give them back equal.
 */

/** A 1×1 PNG as a data: URL (the examples' way of carrying an image without a network). */
export const PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const CARRIED_KINDS: Record<ExportFormat, readonly string[]> = {
  qti3: ['richText', 'code', 'file', 'audio', 'video'],
  moodle: ['richText', 'code', 'file', 'audio', 'video'],
  gift: ['richText'],
  aiken: [],
};

export function sampleFor(type: QuestionTypeId, format: ExportFormat): ExportableQuestion | null {
  const info = getQuestionType(type);
  const scored = format === 'qti3' || format === 'moodle';
  const tricky =
    format === 'aiken'
      ? 'Which city is the capital of Kenya?'
      : 'Is 2 < 3 & {x} = ~y #z: true?\nSecond line: yes';
  const base = {
    id: `q-${type}`,
    type,
    text: tricky,
    score: scored ? 2.5 : 1,
    imageUrl: null as string | null,
    category: format === 'aiken' ? [] : ['Round trip', info.family],
    tags: format === 'aiken' || format === 'qti3' ? [] : ['sample'],
  };
  const q = (config: unknown): ExportableQuestion => ({ ...base, config }) as Question & ExportableQuestion;
  switch (info.family) {
    case 'choice':
      // Aiken names no type, so an image question (which it cannot carry anyway) comes back as MCQ.
      if (format === 'aiken' && info.withImage) return null;
      return {
        ...q({
          options: [
            { id: 'a', text: 'Mombasa', imageUrl: null },
            { id: 'b', text: 'Nairobi', imageUrl: null },
            { id: 'c', text: 'Kisumu & Nakuru', imageUrl: null },
          ],
          correct: format === 'aiken' ? ['b'] : ['b', 'c'],
          multiple: format !== 'aiken',
          shuffle: format === 'gift',
        }),
        imageUrl: info.withImage && scored ? PNG_DATA_URL : null,
      };
    case 'trueFalse':
      return format === 'aiken' ? null : q({ correct: false });
    case 'shortAnswer':
      return format === 'aiken'
        ? null
        : q({
            acceptedAnswers: ['Nairobi', 'Nairobi City'],
            caseSensitive: format === 'moodle',
            maxWords: 50,
          });
    case 'fillBlanks':
      if (format === 'aiken') return null;
      return {
        ...q({
          passage:
            format === 'gift'
              ? 'The sun is a [[1]] in the sky.'
              : 'The sun is a [[1]] and the moon is a [[2]].',
          gaps:
            format === 'gift'
              ? [{ id: '1', accepted: ['star', 'Star'] }]
              : [
                  { id: '1', accepted: ['star'] },
                  { id: '2', accepted: ['satellite', 'moon'] },
                ],
          caseSensitive: false,
        }),
        text: 'Complete the sentence.',
      };
    case 'matching':
      return format === 'aiken'
        ? null
        : q({
            pairs: [
              { id: '1', prompt: 'Kenya', match: 'Nairobi' },
              { id: '2', prompt: 'Peru', match: 'Lima' },
              { id: '3', prompt: 'Japan', match: 'Tokyo' },
            ],
            distractors: format === 'gift' ? [] : ['Lagos'],
          });
    case 'ordering':
      return format === 'aiken' || format === 'gift'
        ? null
        : q({ items: ['Egg', 'Larva', 'Pupa', 'Adult'].map((text, i) => ({ id: String(i + 1), text })) });
    case 'dragDrop':
      return format !== 'qti3'
        ? null
        : q({
            zones: [
              { id: 'z1', label: 'Mammals' },
              { id: 'z2', label: 'Birds' },
            ],
            items: [
              { id: 'i1', text: 'Cat', zoneId: 'z1' },
              { id: 'i2', text: 'Dog', zoneId: 'z1' },
              { id: 'i3', text: 'Eagle', zoneId: 'z2' },
              { id: 'i4', text: 'Rock', zoneId: null },
            ],
          });
    case 'crossword':
      return null;
    case 'open': {
      const kind = info.responseKind!;
      if (!CARRIED_KINDS[format].includes(kind)) return null;
      const config: Record<string, unknown> = { responseKind: kind };
      if (format === 'moodle') {
        if (kind === 'richText')
          Object.assign(config, { rubric: 'Uses evidence.', modelAnswer: 'A model answer.', maxWords: 300 });
        if (kind === 'code') config.starterCode = 'def main():\n    pass\n';
        if (kind === 'file' || kind === 'audio' || kind === 'video')
          config.acceptedFileTypes = ['.pdf', '.mp4'];
      }
      if (format === 'qti3') {
        if (kind === 'richText' || kind === 'code') config.modelAnswer = 'A model answer.';
        if (kind === 'richText' || kind === 'file') config.rubric = 'Uses evidence.\nCites two sources.';
        if (kind === 'file') config.acceptedFileTypes = ['.pdf', '.docx', 'image/*'];
      }
      return q(config);
    }
  }
}

/** Every type's sample for a format (types it cannot carry left out). */
export const samplesFor = (format: ExportFormat): ExportableQuestion[] =>
  QUESTION_TYPES.map((t) => sampleFor(t.id, format)).filter((q): q is ExportableQuestion => q !== null);
