import { useTranslation } from 'react-i18next';
import { IconReceipt } from '@tabler/icons-react';
import { EmptyState } from '../../components/empty-state.tsx';

/** The organization's payment records. */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <EmptyState
      icon={IconReceipt}
      pageTitle={t('emptyStates.paymentHistory.pageTitle')}
      title={t('emptyStates.paymentHistory.title')}
      description={t('emptyStates.paymentHistory.description')}
    />
  );
}
