import { useParams } from 'react-router';
import { VerifyScreen } from '../../features/certificates/components/verify-screen.tsx';

/** /verify/{code}: anyone, signed in or not, checks a certificate; /verify asks for the code. */
export function Component() {
  const { code = '' } = useParams();
  return <VerifyScreen code={code} />;
}
