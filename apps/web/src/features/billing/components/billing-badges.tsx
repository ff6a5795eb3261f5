import { Badge, type MantineColor, type MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InvoiceStatus, PaymentRecordStatus, SubscriptionStatus } from '@vbuilder/shared';
import { tintedBadgeStyle } from '../../../lib/badge-colors.ts';
import { INVOICE_COLORS, PAYMENT_COLORS, SUBSCRIPTION_COLORS, useBillingText } from '../lib/labels.ts';

function TintedBadge({
  color,
  size = 'md',
  label,
}: {
  color: MantineColor;
  size?: MantineSize;
  label: string;
}) {
  return (
    <Badge
      color={color}
      variant="light"
      size={size}
      radius="sm"
      styles={tintedBadgeStyle(color)}
      // A table squeezes an ellipsised badge to nothing: the badge keeps its words instead.
      miw="max-content"
      data-status-color={color}
    >
      {label}
    </Badge>
  );
}

/** docs/product/states.md: active, pending activation, inactive, free package. */
export function SubscriptionStatusBadge({
  status,
  size,
}: {
  status: SubscriptionStatus;
  size?: MantineSize;
}) {
  const text = useBillingText();
  return (
    <TintedBadge color={SUBSCRIPTION_COLORS[status]} size={size} label={text.subscriptionStatus(status)} />
  );
}

export function PaymentStatusBadge({ status }: { status: PaymentRecordStatus }) {
  const text = useBillingText();
  return <TintedBadge color={PAYMENT_COLORS[status]} size="sm" label={text.paymentStatus(status)} />;
}

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const text = useBillingText();
  return <TintedBadge color={INVOICE_COLORS[status]} size="sm" label={text.invoiceStatus(status)} />;
}

/**
 * A pending record whose receipt has arrived: the Super Administrator checks the transfer and
 * activates it; the school sees that it is being checked.
 */
export function ReceiptToCheckBadge() {
  const { t } = useTranslation('billing');
  return <TintedBadge color="grape" size="sm" label={t('payments.receiptToCheck')} />;
}
