import type { UserProfile } from '@vbuilder/shared';

/** Who is looking at the billing screens: what the rules need. */
export type BillingViewer = Pick<UserProfile, 'id' | 'role' | 'organizationId' | 'email'>;

export const SUBSCRIPTION_PATH = '/account/subscription';
export const PAYMENT_HISTORY_PATH = '/account/payments/payment_history';

/** The Super Administrator's choice of organization travels in the address (`?organization=`), so it can be linked. */
export const ORGANIZATION_PARAM = 'organization';

export const paymentHistoryOf = (organizationId: string) =>
  `${PAYMENT_HISTORY_PATH}?${ORGANIZATION_PARAM}=${encodeURIComponent(organizationId)}`;
export const subscriptionOf = (organizationId: string) =>
  `${SUBSCRIPTION_PATH}?${ORGANIZATION_PARAM}=${encodeURIComponent(organizationId)}`;
