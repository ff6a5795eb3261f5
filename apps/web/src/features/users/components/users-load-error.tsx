import { useTranslation } from 'react-i18next';
import { LoadErrorCard } from '../../../components/load-error-card.tsx';
import { errorCodeOf } from '../../../lib/api-errors.ts';

interface Props {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
  /** Heading level inside the page (the users page: 2; a section of another page: 3). */
  headingOrder?: 2 | 3;
}

/**
 * Why the users could not be shown (docs/product/messages.md): a refusal to show the members ('Unauthorized to
 * view organization's members'), a session that lacks the rights ('Please get the right
 * authentication details to proceed'), or a failed fetch ('Error fetching users') with a retry.
 */
export function UsersLoadError({ error, onRetry, retrying, headingOrder = 2 }: Props) {
  const { t } = useTranslation(['users', 'errors']);
  const code = errorCodeOf(error);
  const refused = code === 'members_forbidden' || code === 'forbidden';
  const heading = refused
    ? t('errors:members_forbidden')
    : code === 'unauthorized'
      ? t('users:load.authentication')
      : t('users:load.failed');
  return (
    <LoadErrorCard
      heading={heading}
      error={error}
      description={refused ? t('users:load.forbiddenDescription') : undefined}
      onRetry={onRetry}
      retrying={retrying}
      retryLabel={t('users:load.retry')}
      headingOrder={headingOrder}
    />
  );
}
