import { useTranslation } from 'react-i18next';
import { getQuestionType, type QuestionTypeId } from '@vbuilder/shared';

/**
 * What a student reads above a question: the teacher's own instructions, or else the type's
 * default ones in the reader's language. Every screen that shows a question uses this, so the
 * default can never appear as a raw key (the registry's key already names its namespace).
 */
export function useQuestionInstructions(question: {
  type: QuestionTypeId;
  instructions?: string | null;
}): string {
  const { t } = useTranslation('questionTypes');
  const own = question.instructions?.trim();
  return own || t(getQuestionType(question.type).instructionsKey);
}
