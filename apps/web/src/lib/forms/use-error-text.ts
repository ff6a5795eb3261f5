import { useTranslation } from 'react-i18next';

/**
 * Puts a form or call error in words: a `validation.*` key from the `validation` namespace, any
 * other text as an API error code from `errors`, each with its generic message when unknown.
 */
export function useErrorText() {
  const { t } = useTranslation(['validation', 'errors']);
  return (key: string): string =>
    key.startsWith('validation.')
      ? t(`validation:${key}`, { defaultValue: t('validation:validation.invalidValue') })
      : t(`errors:${key}`, { defaultValue: t('errors:internal_error') });
}
