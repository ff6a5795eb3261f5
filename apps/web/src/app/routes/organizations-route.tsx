import { useTranslation } from 'react-i18next';
import { IconBuildingCommunity } from '@tabler/icons-react';
import { EmptyState } from '../../components/empty-state.tsx';

/** Every organization on the platform (Super Administrator). */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <EmptyState
      icon={IconBuildingCommunity}
      pageTitle={t('emptyStates.organizations.pageTitle')}
      title={t('emptyStates.organizations.title')}
      description={t('emptyStates.organizations.description')}
    />
  );
}
