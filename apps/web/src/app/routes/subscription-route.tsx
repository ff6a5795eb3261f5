import { SubscriptionScreen } from '../../features/billing/components/subscription-screen.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';

/** /account/subscription: the organization's subscription and the plans (docs/product/screens.md). */
export function Component() {
  const { user } = useAuth();
  if (!user) return null;
  return <SubscriptionScreen viewer={user} />;
}
