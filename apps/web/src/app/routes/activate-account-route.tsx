import { useSearchParams } from 'react-router';
import { ActivateAccountScreen } from '../../features/accounts/components/activate-account-screen.tsx';

/** /activate_account?token= — the link of the activation mail. */
export function Component() {
  const [params] = useSearchParams();
  return <ActivateAccountScreen token={params.get('token')} />;
}
