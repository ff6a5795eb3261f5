import { ForgotPasswordScreen } from '../../features/accounts/components/forgot-password-screen.tsx';

export function Component() {
  return <ForgotPasswordScreen />;
}
