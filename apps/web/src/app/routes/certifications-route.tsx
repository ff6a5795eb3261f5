import { useParams } from 'react-router';
import { CertificatesScreen } from '../../features/certificates/components/certificates-screen.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';

/** /account/certifications/{userId}: Administrators give certificates, Students see the ones they earned. */
export function Component() {
  const { userId = '' } = useParams();
  const { user } = useAuth();
  return <CertificatesScreen viewer={user ?? null} userId={userId} />;
}
