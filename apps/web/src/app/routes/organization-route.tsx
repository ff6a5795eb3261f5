import { useTranslation } from 'react-i18next';
import { IconBuilding } from '@tabler/icons-react';
import { isSuperAdministrator } from '@vbuilder/shared';
import { EmptyState } from '../../components/empty-state.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';

/** The details of one organization: 'My Organization' for its own members. */
export function Component() {
  const { t } = useTranslation('common');
  const { user } = useAuth();
  return (
    <EmptyState
      icon={IconBuilding}
      pageTitle={
        isSuperAdministrator(user?.role)
          ? t('emptyStates.organization.platformTitle')
          : t('nav.sections.myOrganization')
      }
      title={t('emptyStates.organization.title')}
      description={t('emptyStates.organization.description')}
    />
  );
}
