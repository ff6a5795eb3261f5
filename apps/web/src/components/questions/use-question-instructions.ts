import { useTranslation } from 'react-i18next';
import { getQuestionType, type QuestionTypeId } from '@vbuilder/shared';

/**
 * What a student reads above a question: the teacher's own instructions, or else the type's
 * default ones in the reader's language. Every screen that shows a question uses this, so the
 * default can never appear as a raw key (the registry's key already names its namespace).
 * Instructions that are exactly the type's English default (the examples carry them, and the AI
 * is prompted with them) count as the default, so a Thai student reads them in Thai.
 */
export function useQuestionInstructions(question: {
  type: QuestionTypeId;
  instructions?: string | null;
}): string {
  const { t } = useTranslation('questionTypes');
  const type = getQuestionType(question.type);
  const own = question.instructions?.trim();
  return own && own !== type.instructions ? own : t(type.instructionsKey);
}
