import { getQuestionType, type OpenConfig, type QuestionTypeId } from '@vbuilder/shared';
import { toScore, typeFor, type FamilyConverter } from '../../convert.ts';
import type { MoodleItem } from '../../formats/models.ts';
import { htmlToText, plain } from '../../rich-text.ts';

const kindOf = (type: QuestionTypeId) => getQuestionType(type).responseKind;

/**
 * Moodle essay ↔ open response. responseformat 'monospaced' is code (responsetemplate the
 * starter code); 'noinline' with attachments is a file upload (filetypeslist the accepted
 * types); anything else is rich text. graderinfo is the rubric, generalfeedback the model
 * answer, maxwordlimit the word limit. A vbuilder export names its exact type in a tag, which
 * also brings back audio and video kinds (uploads of those types). Links and surveys have no
 * Moodle essay form and do not export.
 */
export const openMoodle: FamilyConverter<MoodleItem, OpenConfig> = {
  read(item, hint) {
    if (item.type !== 'essay') return null;
    const format = item.fields.responseformat ?? 'editor';
    const base: QuestionTypeId =
      format === 'monospaced' ? 'coding' : format === 'noinline' ? 'project-based' : 'essay';
    const fits = (t: QuestionTypeId) => {
      const kind = kindOf(t);
      if (format === 'monospaced') return kind === 'code';
      if (format === 'noinline') return kind === 'file' || kind === 'audio' || kind === 'video';
      return kind === 'richText';
    };
    const type = typeFor('open', hint, base, fits);
    const responseKind = kindOf(type)!;
    const config: OpenConfig = { responseKind };
    const rubric = htmlToText(item.fields.graderinfo ?? '').text;
    if (rubric) config.rubric = rubric;
    if (item.generalFeedback) config.modelAnswer = htmlToText(item.generalFeedback).text;
    const maxWords = Number(item.fields.maxwordlimit);
    if (responseKind === 'richText' && Number.isInteger(maxWords) && maxWords > 0) config.maxWords = maxWords;
    if (responseKind === 'code' && item.fields.responsetemplate)
      config.starterCode = item.fields.responsetemplate;
    if (responseKind !== 'richText' && responseKind !== 'code' && item.fields.filetypeslist)
      config.acceptedFileTypes = item.fields.filetypeslist.split(/[,;\s]+/).filter(Boolean);
    return { type, text: item.text, score: toScore(item.defaultGrade), config, notes: [] };
  },
  write(question) {
    const { config } = question;
    if (config.responseKind === 'link' || config.responseKind === 'survey')
      return { skip: { code: 'typeNotCarried', params: { type: question.type } } };
    const upload = config.responseKind !== 'richText' && config.responseKind !== 'code';
    const fields: Record<string, string> = {
      responseformat: config.responseKind === 'code' ? 'monospaced' : upload ? 'noinline' : 'editor',
      responserequired: upload ? '0' : '1',
      responsefieldlines: '15',
      attachments: upload ? '1' : '0',
      attachmentsrequired: upload ? '1' : '0',
    };
    if (config.rubric) fields.graderinfo = config.rubric;
    if (config.maxWords) fields.maxwordlimit = String(config.maxWords);
    if (config.starterCode) fields.responsetemplate = config.starterCode;
    if (config.acceptedFileTypes?.length) fields.filetypeslist = config.acceptedFileTypes.join(',');
    return {
      type: 'essay',
      name: '',
      text: plain(question.text),
      generalFeedback: config.modelAnswer ?? '',
      defaultGrade: question.score,
      fields,
      answers: [],
      subquestions: [],
      gaps: [],
      hasFeedback: false,
      tags: [],
    };
  },
};
