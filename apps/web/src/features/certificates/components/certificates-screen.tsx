import type { ReactNode } from 'react';
import { Button, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isAdministrator, type UserProfile } from '@vbuilder/shared';
import { LoadErrorCard } from '../../../components/load-error-card.tsx';
import { CertificatesAdmin } from './certificates-admin.tsx';
import { CertificatesStudent } from './certificates-student.tsx';

/**
 * /account/certifications/{userId} (docs/product/screens.md, docs/product/roles.md, docs/product/messages.md): an Administrator gives and manages the
 * organization's certificates; a Student sees their own. Without the signed-in user, or under
 * someone else's id: 'Unable to load user data'. Any other role (a Teacher) is refused with
 * 'Authentication Error': only administrators create and give certificates.
 */
export function CertificatesScreen({
  viewer,
  userId,
}: {
  viewer: Pick<UserProfile, 'id' | 'role'> | null;
  userId: string;
}) {
  const { t } = useTranslation('certificates');
  const frame = (card: ReactNode) => (
    <Stack gap="lg" maw={1280} mx="auto" w="100%">
      <Title order={1} size="h2">
        {t('page.title')}
      </Title>
      {card}
    </Stack>
  );
  if (!viewer || viewer.id !== userId) {
    return frame(
      <Stack gap="md">
        <LoadErrorCard heading={t('refusal.userData')} description={t('refusal.userDataDescription')} />
        {viewer && (
          <Button component={Link} to={`/account/certifications/${viewer.id}`} variant="light" mx="auto">
            {t('refusal.ownCertificates')}
          </Button>
        )}
      </Stack>,
    );
  }
  if (isAdministrator(viewer.role)) return <CertificatesAdmin />;
  if (viewer.role === 'Student') return <CertificatesStudent />;
  return frame(
    <LoadErrorCard
      heading={t('refusal.authentication')}
      error={{ code: 'forbidden' }}
      description={t('refusal.authenticationDescription')}
    />,
  );
}
