import { useParams } from 'react-router';
import { VerifyScreen } from '../../features/certificates/components/verify-screen.tsx';

/** /verify/{code}: anyone, signed in or not, checks a certificate (issue 13); /verify asks for the code. */
export function Component() {
  const { code = '' } = useParams();
  return <VerifyScreen code={code} />;
}
