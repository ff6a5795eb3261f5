import { showToast } from '../../../components/forms/show-toast.tsx';
import { errorCodeOf } from '../../../lib/api-errors.ts';
import { useErrorText } from '../../../lib/forms/use-error-text.ts';

/**
 * A billing call that failed: a red toast titled `title` (replacing the one with the same `id`)
 * with the server's reason in words, its error code translated. Returns the reason, for a form
 * that also shows it.
 */
export function useFailureToast() {
  const errorText = useErrorText();
  return (error: unknown, title: string, id: string): string => {
    const reason = errorText(errorCodeOf(error));
    showToast('failure', reason, title, id);
    return reason;
  };
}
