import { useTranslation } from 'react-i18next';
import { IconChecklist } from '@tabler/icons-react';
import { EmptyState } from '../../components/empty-state.tsx';

/** Manual marking of one student's answers. */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <EmptyState
      icon={IconChecklist}
      pageTitle={t('emptyStates.pendingMarking.pageTitle')}
      title={t('emptyStates.pendingMarking.title')}
      description={t('emptyStates.pendingMarking.description')}
    />
  );
}
