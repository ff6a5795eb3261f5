import { useTranslation } from 'react-i18next';
import { IconCategory } from '@tabler/icons-react';
import { EmptyState } from '../../components/empty-state.tsx';

/** The question types and which plans include them. */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <EmptyState
      icon={IconCategory}
      pageTitle={t('emptyStates.questionTypes.pageTitle')}
      title={t('emptyStates.questionTypes.title')}
      description={t('emptyStates.questionTypes.description')}
    />
  );
}
