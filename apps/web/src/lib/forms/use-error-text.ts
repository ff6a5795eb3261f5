import { useTranslation } from 'react-i18next';
import { i18nKeyOf, MESSAGE_NAMESPACES } from '../api-errors.ts';

/**
 * Puts a form or call error in words: a `validation.*` key from the `validation` namespace, a
 * shared-schema key of another namespace ('assessments.errors.titleRequired'), any other text as
 * an API error code from `errors`, each with its generic message when unknown.
 */
export function useErrorText() {
  const { t } = useTranslation(['validation', 'errors', ...MESSAGE_NAMESPACES]);
  return (key: string): string => {
    if (key.startsWith('validation.')) {
      return t(`validation:${key}`, { defaultValue: t('validation:validation.invalidValue') });
    }
    if (MESSAGE_NAMESPACES.some((ns) => key.startsWith(`${ns}.`))) {
      return t(i18nKeyOf(key), { defaultValue: t('validation:validation.invalidValue') });
    }
    return t(`errors:${key}`, { defaultValue: t('errors:internal_error') });
  };
}
