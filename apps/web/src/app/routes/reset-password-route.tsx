import { useSearchParams } from 'react-router';
import { ResetPasswordScreen } from '../../features/accounts/components/reset-password-screen.tsx';

/** /resetpassword?token= — the link of the password reset mail; `&invite=1` for an invitation. */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return <ResetPasswordScreen key={token ?? ''} token={token} invite={params.get('invite') === '1'} />;
}
