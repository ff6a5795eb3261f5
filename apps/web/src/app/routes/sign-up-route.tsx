import { SignUpScreen } from '../../features/accounts/components/sign-up-screen.tsx';

export function Component() {
  return <SignUpScreen />;
}
