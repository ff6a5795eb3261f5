import { useTranslation } from 'react-i18next';
import { IconCertificate } from '@tabler/icons-react';
import { isAdministrator } from '@vbuilder/shared';
import { EmptyState } from '../../components/empty-state.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';

/** Certificates: administrators give them, everyone else sees the ones they earned. */
export function Component() {
  const { t } = useTranslation('common');
  const { user } = useAuth();
  const audience = isAdministrator(user?.role) ? 'admin' : 'holder';
  return (
    <EmptyState
      icon={IconCertificate}
      pageTitle={t('emptyStates.certifications.pageTitle')}
      title={t(`emptyStates.certifications.${audience}.title`)}
      description={t(`emptyStates.certifications.${audience}.description`)}
    />
  );
}
