import { useTranslation } from 'react-i18next';
import { IconInbox } from '@tabler/icons-react';
import { EmptyState } from '../../components/empty-state.tsx';

/** Students' submissions for one assessment. */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <EmptyState
      icon={IconInbox}
      pageTitle={t('emptyStates.submissions.pageTitle')}
      title={t('emptyStates.submissions.title')}
      description={t('emptyStates.submissions.description')}
    />
  );
}
