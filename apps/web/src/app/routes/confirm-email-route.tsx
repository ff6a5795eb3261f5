import { useSearchParams } from 'react-router';
import { EmailChangeScreen } from '../../features/accounts/components/email-change-screen.tsx';

/** /confirm-email?token= — the link mailed to the new address of an email change. */
export function Component() {
  const [params] = useSearchParams();
  return <EmailChangeScreen step="confirm" token={params.get('token')} />;
}
