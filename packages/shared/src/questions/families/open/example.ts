import {
  ExampleFormatError,
  exampleStrings,
  exampleText,
  isJsonRecord,
  type JsonValue,
} from '../../example-format.ts';
import type { QuestionFamily } from '../../family.ts';
import type { CodeLanguage, OpenConfig } from './index.ts';

type Family = QuestionFamily<OpenConfig, unknown>;

/** A model answer: a text, or key points one per line. */
function modelAnswer(answer: unknown): string | undefined {
  if (typeof answer === 'string') return answer;
  if (Array.isArray(answer))
    return exampleStrings(answer, 'answer')
      .map((point) => `- ${point}`)
      .join('\n');
  return undefined;
}

/** What a student must see besides the question: context, numbered tasks, annotation points. */
function openText(question: string, options: Record<string, JsonValue>): string {
  const parts = [question];
  if (typeof options.context === 'string') parts.push(options.context);
  if (options.tasks !== undefined) {
    parts.push(
      exampleStrings(options.tasks, 'options.tasks')
        .map((task, i) => `${i + 1}. ${task}`)
        .join('\n'),
    );
  }
  if (options.items !== undefined) {
    const items = options.items;
    if (
      !Array.isArray(items) ||
      !items.every(
        (item) => isJsonRecord(item) && typeof item.theory === 'string' && typeof item.comment === 'string',
      )
    ) {
      throw new ExampleFormatError('options.items must be a list of { theory, comment }');
    }
    parts.push(
      items
        .map(
          (item, i) =>
            `${i + 1}. ${String((item as Record<string, string>).theory)}: ${String((item as Record<string, string>).comment)}`,
        )
        .join('\n'),
    );
  }
  return parts.join('\n\n');
}

/**
 * The type's responseKind decides the config. Survey-Based: options the choices (a list, or
 * { choices }). Every other kind: options null or { context?, tasks?, items?, link?, linkLabel?,
 * rubric?, language?, starterCode?, acceptedFileTypes? }; context, tasks and items join the
 * question text a student reads; answer the model answer (a text, or key points).
 */
export const fromExample: Family['fromExample'] = ({ question, options, answer }, type) => {
  const responseKind = type.responseKind ?? 'richText';
  if (responseKind === 'survey') {
    const choices = isJsonRecord(options)
      ? exampleStrings(options.choices, 'options.choices')
      : exampleStrings(options, 'options');
    return { config: { responseKind, surveyOptions: choices, surveyMultiple: false } };
  }
  const extra = isJsonRecord(options) ? options : {};
  if (options !== null && !isJsonRecord(options))
    throw new ExampleFormatError('options must be null or an object');
  const config: OpenConfig = { responseKind };
  const model = modelAnswer(answer);
  if (responseKind === 'code') {
    if (model !== undefined) config.modelAnswer = model;
    // Not validated here: QuestionSchema reports a language the editor does not know.
    config.codeLanguage = (typeof extra.language === 'string' ? extra.language : 'other') as CodeLanguage;
    if (typeof extra.starterCode === 'string') config.starterCode = extra.starterCode;
  } else if (model !== undefined) {
    config.modelAnswer = model;
  }
  if (extra.rubric !== undefined)
    config.rubric = exampleStrings(extra.rubric, 'options.rubric')
      .map((r) => `- ${r}`)
      .join('\n');
  if (extra.link !== undefined) {
    config.link = {
      url: exampleText(extra.link, 'options.link'),
      ...(typeof extra.linkLabel === 'string' ? { label: extra.linkLabel } : {}),
    };
  }
  if (extra.acceptedFileTypes !== undefined) {
    config.acceptedFileTypes = exampleStrings(extra.acceptedFileTypes, 'options.acceptedFileTypes');
  }
  return { text: openText(question, extra), config };
};

/** A rubric's lines as a list, without the "- " fromExample puts before each. */
const rubricLines = (rubric: string): string[] =>
  rubric
    .split('\n')
    .map((line) => line.replace(/^\s*-\s+/, '').trim())
    .filter((line) => line !== '');

/**
 * The question text stays whole (its context and tasks are in it); options carry the rubric,
 * link, code language and starter code and accepted file types, null when there are none.
 */
export const toExample: Family['toExample'] = ({ config }) => {
  if (config.responseKind === 'survey') return { options: [...(config.surveyOptions ?? [])], answer: null };
  const options: Record<string, JsonValue> = {};
  if (config.rubric !== undefined) options.rubric = rubricLines(config.rubric);
  if (config.link !== undefined) {
    options.link = config.link.url;
    if (config.link.label !== undefined) options.linkLabel = config.link.label;
  }
  if (config.codeLanguage !== undefined) options.language = config.codeLanguage;
  if (config.starterCode !== undefined) options.starterCode = config.starterCode;
  if (config.acceptedFileTypes !== undefined) options.acceptedFileTypes = [...config.acceptedFileTypes];
  return {
    options: Object.keys(options).length > 0 ? options : null,
    answer: config.modelAnswer ?? null,
  };
};
