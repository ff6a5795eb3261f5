import { useTranslation } from 'react-i18next';
import { IconSparkles } from '@tabler/icons-react';
import { EmptyState } from '../../components/empty-state.tsx';

/** Questions generated with the AI assistant. */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <EmptyState
      icon={IconSparkles}
      pageTitle={t('emptyStates.aiAssistant.pageTitle')}
      title={t('emptyStates.aiAssistant.title')}
      description={t('emptyStates.aiAssistant.description')}
    />
  );
}
