import { useTranslation } from 'react-i18next';
import { IconBell } from '@tabler/icons-react';
import { EmptyState } from '../../components/empty-state.tsx';

/** The user's notifications. */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <EmptyState
      icon={IconBell}
      pageTitle={t('emptyStates.notifications.pageTitle')}
      title={t('emptyStates.notifications.title')}
      description={t('emptyStates.notifications.description')}
    />
  );
}
