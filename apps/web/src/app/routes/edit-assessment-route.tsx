import { useTranslation } from 'react-i18next';
import { IconPencil } from '@tabler/icons-react';
import { EmptyState } from '../../components/empty-state.tsx';

/** Editing one assessment. */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <EmptyState
      icon={IconPencil}
      pageTitle={t('emptyStates.editAssessment.pageTitle')}
      title={t('emptyStates.editAssessment.title')}
      description={t('emptyStates.editAssessment.description')}
    />
  );
}
