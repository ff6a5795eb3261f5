import { useTranslation } from 'react-i18next';
import { i18nKeyOf } from '../../../lib/api-errors.ts';
import { useErrorText } from '../../../lib/forms/use-error-text.ts';

/**
 * Puts a message key in words: this screen's own checks ('assessmentEditor.errors.…'), shared
 * schema keys ('assessments.errors.…', 'questions.errors.…') and API error codes.
 */
export function useMessageText() {
  const { t } = useTranslation('assessmentEditor');
  const errorText = useErrorText();
  return (key: string): string => (key.startsWith('assessmentEditor.') ? t(i18nKeyOf(key)) : errorText(key));
}
