import { useTranslation } from 'react-i18next';
import { IconClipboardList } from '@tabler/icons-react';
import { EmptyState } from '../../components/empty-state.tsx';

/** Taking an assessment, and retaking it on the redo path. */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <EmptyState
      icon={IconClipboardList}
      pageTitle={t('emptyStates.takeAssessment.pageTitle')}
      title={t('emptyStates.takeAssessment.title')}
      description={t('emptyStates.takeAssessment.description')}
    />
  );
}
