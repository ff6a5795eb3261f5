import { useSearchParams } from 'react-router';
import { ResetPasswordScreen } from '../../features/accounts/components/reset-password-screen.tsx';

/** /resetpassword?token= — the link of the password reset mail. */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return <ResetPasswordScreen key={token ?? ''} token={token} />;
}
