import { PaymentHistoryScreen } from '../../features/billing/components/payment-history-screen.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';

/** /account/payments/payment_history: the payment records (docs/product/screens.md). */
export function Component() {
  const { user } = useAuth();
  if (!user) return null;
  return <PaymentHistoryScreen viewer={user} />;
}
