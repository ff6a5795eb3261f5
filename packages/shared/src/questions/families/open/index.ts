import { z } from 'zod';
import { defineFamily, malformed, type MarkResult } from '../../family.ts';
import type { OpenResponseKind } from '../../types.ts';
import { filledText, totalMark } from '../common.ts';
import { fromExample, toExample } from './example.ts';
import { studentView, type StudentOpenConfig } from './student-view.ts';

export type { StudentOpenConfig } from './student-view.ts';

/** Every OpenResponseKind, as a runtime list (the `satisfies` keeps it in step with types.ts). */
export const OPEN_RESPONSE_KINDS = [
  'richText',
  'code',
  'audio',
  'video',
  'file',
  'link',
  'survey',
] as const satisfies readonly OpenResponseKind[];
type MissingKind = Exclude<OpenResponseKind, (typeof OPEN_RESPONSE_KINDS)[number]>;
const allKindsListed: MissingKind extends never ? true : false = true;
void allKindsListed;

/** Languages the code editor knows; 'other' is plain text. */
export const CODE_LANGUAGES = [
  'javascript',
  'typescript',
  'python',
  'java',
  'c',
  'cpp',
  'csharp',
  'go',
  'rust',
  'sql',
  'html',
  'css',
  'other',
] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number];

export const OpenLinkSchema = z.object({
  url: z
    .string('questions.errors.linkInvalid')
    .max(2048, 'questions.errors.linkInvalid')
    .refine(isHttpUrl, 'questions.errors.linkInvalid'),
  label: z.string().max(200, 'questions.errors.textTooLong').optional(),
});
export type OpenLink = z.infer<typeof OpenLinkSchema>;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

export const OpenConfigSchema = z
  .object({
    responseKind: z.enum(OPEN_RESPONSE_KINDS, 'questions.errors.responseKindInvalid'),
    modelAnswer: z.string().max(20_000, 'questions.errors.textTooLong').optional(),
    rubric: z.string().max(20_000, 'questions.errors.textTooLong').optional(),
    maxWords: z
      .number('questions.errors.maxWordsInvalid')
      .int('questions.errors.maxWordsInvalid')
      .min(1, 'questions.errors.maxWordsInvalid')
      .max(10_000, 'questions.errors.maxWordsInvalid')
      .optional(),
    codeLanguage: z.enum(CODE_LANGUAGES, 'questions.errors.codeLanguageInvalid').optional(),
    starterCode: z.string().max(20_000, 'questions.errors.textTooLong').optional(),
    link: OpenLinkSchema.optional(),
    surveyOptions: z
      .array(filledText('questions.errors.optionEmpty'))
      .max(20, 'questions.errors.optionsTooMany')
      .optional(),
    surveyMultiple: z.boolean().optional(),
    /** File extensions ('.pdf') or MIME types ('image/*') the upload accepts; empty or absent: any. */
    acceptedFileTypes: z.array(z.string().min(1).max(100)).max(30).optional(),
  })
  .superRefine((config, ctx) => {
    if (config.responseKind === 'link' && !config.link)
      ctx.addIssue({ code: 'custom', message: 'questions.errors.linkRequired', path: ['link', 'url'] });
    if (config.responseKind === 'survey' && (config.surveyOptions?.length ?? 0) < 2)
      ctx.addIssue({
        code: 'custom',
        message: 'questions.errors.surveyOptionsTooFew',
        path: ['surveyOptions'],
      });
  });
export type OpenConfig = z.infer<typeof OpenConfigSchema>;

export const OpenAnswerSchema = z.object({
  /** Plain text, or HTML for richText kinds. */
  text: z.string().max(200_000).optional(),
  code: z.string().max(200_000).optional(),
  fileUrl: z.string().max(2048).optional(),
  fileName: z.string().max(300).optional(),
  mediaUrl: z.string().max(2048).optional(),
  /** Survey: the chosen surveyOptions entries (their text). */
  choices: z.array(z.string().max(1000)).max(20).optional(),
});
export type OpenAnswer = z.infer<typeof OpenAnswerSchema>;

/** Whether the student handed in anything at all (HTML tags alone do not count as text). */
function hasContent(answer: OpenAnswer): boolean {
  const text = (answer.text ?? '').replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ');
  return (
    text.trim() !== '' ||
    (answer.code ?? '').trim() !== '' ||
    (answer.fileUrl ?? '') !== '' ||
    (answer.mediaUrl ?? '') !== '' ||
    (answer.choices?.length ?? 0) > 0
  );
}

/**
 * No automatic marks: a person judges an open response, so it waits for manual marking
 * (status 'manual', score 0, correct null). A survey has no right answer and counts for nothing
 * (status 'unscored', max 0, so it never lowers a total). An answer with nothing in it is marked
 * 0 straight away: there is nothing for a teacher to read.
 */
const UNSCORED: MarkResult = { score: 0, max: 0, correct: null, status: 'unscored' };

const isSurvey = (config: unknown): boolean => {
  const parsed = OpenConfigSchema.safeParse(config);
  return parsed.success && parsed.data.responseKind === 'survey';
};

const markResponse = totalMark(OpenConfigSchema, OpenAnswerSchema, (_config, answer, max): MarkResult =>
  hasContent(answer) ? { score: 0, max, correct: null, status: 'manual' } : malformed(max),
);

export const open = defineFamily<OpenConfig, OpenAnswer, StudentOpenConfig>({
  id: 'open',
  config: OpenConfigSchema,
  answer: OpenAnswerSchema,
  /**
   * The type's responseKind: 'code' starts in Python, 'link' with an empty url (linkInvalid),
   * 'survey' with two empty options (optionEmpty); every other kind is valid as it is (model
   * answer and rubric are optional).
   */
  defaultConfig: (type) => {
    const responseKind = type.responseKind ?? 'richText';
    if (responseKind === 'code') return { responseKind, codeLanguage: 'python', starterCode: '' };
    if (responseKind === 'link') return { responseKind, link: { url: '' } };
    if (responseKind === 'survey') return { responseKind, surveyOptions: ['', ''], surveyMultiple: false };
    return { responseKind };
  },
  fromExample,
  toExample,
  studentView,
  // Written text and code; not recordings, files, links or survey choices.
  readsAsText: (type) => type.responseKind === 'richText' || type.responseKind === 'code',
  analysisOptions: () => null,
  expectedAnswer: (config) => {
    if (config.responseKind === 'survey') return null;
    if (config.responseKind === 'code') return config.modelAnswer ? { code: config.modelAnswer } : null;
    return config.modelAnswer ? { text: config.modelAnswer } : null;
  },
  mark: (config, answer, maxScore) =>
    // A survey counts for nothing whatever was answered, even nothing at all.
    isSurvey(config) ? UNSCORED : markResponse(config, answer, maxScore),
});
