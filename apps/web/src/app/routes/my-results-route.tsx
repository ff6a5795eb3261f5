import { useTranslation } from 'react-i18next';
import { IconChartBar } from '@tabler/icons-react';
import { EmptyState } from '../../components/empty-state.tsx';

/** A student's results for one assessment. */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <EmptyState
      icon={IconChartBar}
      pageTitle={t('emptyStates.myResults.pageTitle')}
      title={t('emptyStates.myResults.title')}
      description={t('emptyStates.myResults.description')}
    />
  );
}
