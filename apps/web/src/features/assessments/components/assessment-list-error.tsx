import { useTranslation } from 'react-i18next';
import { LoadErrorCard } from '../../../components/load-error-card.tsx';

/** 'Error loading assessments' (docs/product/messages.md), the reason, and a retry. */
export function AssessmentListError({
  error,
  onRetry,
  retrying,
}: {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation('assessments');
  return (
    <LoadErrorCard
      heading={t('list.loadFailed')}
      error={error}
      onRetry={onRetry}
      retrying={retrying}
      retryLabel={t('list.retry')}
    />
  );
}
