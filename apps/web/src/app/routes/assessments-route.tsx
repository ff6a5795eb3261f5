import { useTranslation } from 'react-i18next';
import { IconClipboardList } from '@tabler/icons-react';
import { EmptyState } from '../../components/empty-state.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';

/** The assessment list: students see the ones assigned to them, other roles the ones they create. */
export function Component() {
  const { t } = useTranslation('common');
  const { user } = useAuth();
  const audience = user?.role === 'Student' ? 'student' : 'author';
  return (
    <EmptyState
      icon={IconClipboardList}
      pageTitle={t('emptyStates.assessments.pageTitle')}
      title={t(`emptyStates.assessments.${audience}.title`)}
      description={t(`emptyStates.assessments.${audience}.description`)}
    />
  );
}
