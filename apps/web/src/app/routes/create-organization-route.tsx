import { CreateOrganizationScreen } from '../../features/accounts/components/create-organization-screen.tsx';

export function Component() {
  return <CreateOrganizationScreen />;
}
