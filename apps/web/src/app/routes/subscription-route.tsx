import { useTranslation } from 'react-i18next';
import { IconCreditCard } from '@tabler/icons-react';
import { EmptyState } from '../../components/empty-state.tsx';

/** The organization's subscription status. */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <EmptyState
      icon={IconCreditCard}
      pageTitle={t('emptyStates.subscription.pageTitle')}
      title={t('emptyStates.subscription.title')}
      description={t('emptyStates.subscription.description')}
    />
  );
}
