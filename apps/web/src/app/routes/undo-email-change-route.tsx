import { useSearchParams } from 'react-router';
import { EmailChangeScreen } from '../../features/accounts/components/email-change-screen.tsx';

/** /undo-email-change?token= — the link mailed to the old address once the email changed. */
export function Component() {
  const [params] = useSearchParams();
  return <EmailChangeScreen step="undo" token={params.get('token')} />;
}
