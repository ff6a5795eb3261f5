import { OrganizationsScreen } from '../../features/organizations/components/organizations-screen.tsx';

/** /account/organizations: every organization on the platform (Super Administrator). */
export function Component() {
  return <OrganizationsScreen />;
}
