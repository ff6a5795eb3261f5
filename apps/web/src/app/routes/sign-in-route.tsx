import { useParams } from 'react-router';
import { SignInScreen } from '../../features/accounts/components/sign-in-screen.tsx';

/** /signin/:uid — the identity provider's login interaction. */
export function Component() {
  const { uid = '' } = useParams();
  // A new interaction is a new form: keying by uid drops any state of the previous one.
  return <SignInScreen key={uid} uid={uid} />;
}
