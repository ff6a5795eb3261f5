import { getQuestionType, type OpenConfig, type QuestionTypeId } from '@vbuilder/shared';
import { toScore, typeFor, type FamilyConverter } from '../../convert.ts';
import type { QtiItem } from '../../formats/models.ts';
import { acceptedOf } from '../../file-types.ts';
import { plain } from '../../rich-text.ts';

const kindOf = (type: QuestionTypeId) => getQuestionType(type).responseKind;

/**
 * QTI extendedTextInteraction ↔ open rich text ('preformatted' format: code); uploadInteraction
 * ↔ file upload (its type attribute: accepted MIME types, read back as the usual extension;
 * audio/video uploads come back as their types through the vbuilder type class). The model answer
 * is the correct response, the rubric a rubric block for scorers. Links and surveys do not export.
 */
export const openQti: FamilyConverter<QtiItem, OpenConfig> = {
  read(item, hint) {
    const interaction = item.interactions[0];
    if (item.interactions.length !== 1) return null;
    if (interaction?.kind === 'extendedText') {
      const code = interaction.format === 'preformatted';
      const type = typeFor(
        'open',
        hint,
        code ? 'coding' : 'essay',
        (t) => kindOf(t) === (code ? 'code' : 'richText'),
      );
      const config: OpenConfig = { responseKind: kindOf(type)! };
      if (interaction.modelAnswer) config.modelAnswer = interaction.modelAnswer;
      if (item.rubric) config.rubric = item.rubric;
      return {
        type,
        text: item.text,
        score: toScore(item.score),
        config,
        notes: item.hasFeedback ? [{ code: 'feedbackDropped' }] : [],
      };
    }
    if (interaction?.kind === 'upload') {
      const type = typeFor('open', hint, 'project-based', (t) =>
        ['file', 'audio', 'video'].includes(kindOf(t) ?? ''),
      );
      const config: OpenConfig = { responseKind: kindOf(type)! };
      if (interaction.types.length)
        config.acceptedFileTypes = [...new Set(interaction.types.map(acceptedOf))];
      if (item.rubric) config.rubric = item.rubric;
      return {
        type,
        text: item.text,
        score: toScore(item.score),
        config,
        notes: item.hasFeedback ? [{ code: 'feedbackDropped' }] : [],
      };
    }
    return null;
  },
  write(question) {
    const { config } = question;
    if (config.responseKind === 'link' || config.responseKind === 'survey')
      return { skip: { code: 'typeNotCarried', params: { type: question.type } } };
    const upload = config.responseKind !== 'richText' && config.responseKind !== 'code';
    return {
      identifier: '',
      title: '',
      text: plain(question.text),
      passage: '',
      interactions: [
        upload
          ? { kind: 'upload', types: config.acceptedFileTypes ?? [] }
          : {
              kind: 'extendedText',
              format: config.responseKind === 'code' ? 'preformatted' : 'xhtml',
              expectedLength: null,
              modelAnswer: config.modelAnswer ?? '',
            },
      ],
      score: question.score,
      hasFeedback: false,
      typeHint: question.type,
      ...(config.rubric ? { rubric: config.rubric } : {}),
    };
  },
};
