import { useTranslation } from 'react-i18next';
import { IconUsers } from '@tabler/icons-react';
import { EmptyState } from '../../components/empty-state.tsx';

/** Members of the organization (SPEC §2 'Users table'). */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <EmptyState
      icon={IconUsers}
      pageTitle={t('emptyStates.users.pageTitle')}
      title={t('emptyStates.users.title')}
      description={t('emptyStates.users.description')}
    />
  );
}
