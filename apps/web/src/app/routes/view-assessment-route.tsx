import { useTranslation } from 'react-i18next';
import { IconFileSearch } from '@tabler/icons-react';
import { EmptyState } from '../../components/empty-state.tsx';

/** One assessment, read only. */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <EmptyState
      icon={IconFileSearch}
      pageTitle={t('emptyStates.viewAssessment.pageTitle')}
      title={t('emptyStates.viewAssessment.title')}
      description={t('emptyStates.viewAssessment.description')}
    />
  );
}
