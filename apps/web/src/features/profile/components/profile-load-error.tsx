import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorCard } from '../../../components/load-error-card.tsx';
import { showToast } from '../../../components/forms/show-toast.tsx';
import { codeOf } from '../../../lib/api-errors.ts';

/** Shown instead of the profile when it cannot be loaded (docs/product/messages.md): a toast once, and a card to retry. */
export function ProfileLoadError({
  error,
  onRetry,
  retrying,
}: {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation('profile');

  // One toast per failure, not one per render or language change.
  const notified = useRef<unknown>(null);
  useEffect(() => {
    if (notified.current === error) return;
    notified.current = error;
    showToast('failure', t('load.toast'));
  }, [error, t]);

  return (
    <LoadErrorCard
      heading={t('load.errorTitle')}
      error={error}
      // A failure without a code (no answer at all) most likely means no connection.
      description={codeOf(error) ? undefined : t('load.errorText')}
      onRetry={onRetry}
      retrying={retrying}
      retryLabel={t('load.retry')}
    />
  );
}
