import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../../lib/api-errors.ts';
import { useErrorText } from '../../../lib/forms/use-error-text.ts';
import { usePlanName } from './use-plan-name.ts';

/**
 * Why a save failed, in words: the plan's limit as docs/product/limits.md's upgrade prompt ('Upgrade Free to
 * create another assessment'), any other API error code from the `errors` namespace.
 */
export function useFailureReason(packageName: string | undefined) {
  const { t } = useTranslation('assessmentEditor');
  const errorText = useErrorText();
  const planName = usePlanName();
  return (error: unknown): string => {
    const code = errorCodeOf(error);
    if (code === 'monthly_limit_reached') {
      return t('errors.upgrade', { packageName: packageName ? planName(packageName) : t('errors.yourPlan') });
    }
    return errorText(code);
  };
}

/** Where a validation_error's details point: dotted paths → message keys (first per path). */
export function issuesOf(error: unknown): { path: (string | number)[]; message: string }[] {
  if (errorCodeOf(error) !== 'validation_error') return [];
  const details = (error as { details?: unknown }).details;
  if (!Array.isArray(details)) return [];
  return details.flatMap((issue: unknown) => {
    if (!issue || typeof issue !== 'object') return [];
    const { path, message } = issue as { path?: unknown; message?: unknown };
    const raw: unknown[] = Array.isArray(path) ? path : typeof path === 'string' ? path.split(/[./]/) : [];
    // The API sends ['questions', '2', 'text']: indexes become numbers again.
    const parts = raw
      .map(String)
      .filter(Boolean)
      .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    return [{ path: parts, message: typeof message === 'string' ? message : 'validation.invalidValue' }];
  });
}
