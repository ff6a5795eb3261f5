import { ChangePasswordScreen } from '../../features/accounts/components/change-password-screen.tsx';

export function Component() {
  return <ChangePasswordScreen />;
}
