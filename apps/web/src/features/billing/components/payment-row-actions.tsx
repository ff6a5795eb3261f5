import type { ReactNode } from 'react';
import { Menu } from '@mantine/core';
import {
  IconCircleCheck,
  IconEye,
  IconFileInvoice,
  IconFileX,
  IconMailForward,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { allowedPaymentActions, type PaymentAction, type PaymentRecord } from '@vbuilder/shared';
import { RowMenu } from '../../../components/data-table/row-menu.tsx';
import { usePaymentActions } from '../hooks/use-payment-actions.tsx';
import { PaymentDetails } from './payment-details.tsx';
import { ReceiptUpload } from './receipt-upload.tsx';

/** The menu order: reading first, then what changes the record; deleting last, apart. */
const ORDER: PaymentAction[] = [
  'view-payment',
  'view-invoice',
  'receipt',
  'activate',
  'send-receipt',
  'close',
  'delete',
];

const ICONS: Record<PaymentAction, ReactNode> = {
  'view-payment': <IconEye size={16} aria-hidden />,
  'view-invoice': <IconFileInvoice size={16} aria-hidden />,
  receipt: <IconUpload size={16} aria-hidden />,
  activate: <IconCircleCheck size={16} aria-hidden />,
  'send-receipt': <IconMailForward size={16} aria-hidden />,
  close: <IconFileX size={16} aria-hidden />,
  delete: <IconTrash size={16} aria-hidden />,
};

/**
 * A payment row's menu: only the actions `allowedPaymentActions` gives this role in this state
 * (the server's own rule), each run by usePaymentActions.
 */
export function PaymentRowActions({
  record,
  role,
}: {
  record: PaymentRecord;
  role: string | null | undefined;
}) {
  const { t } = useTranslation('billing');
  const actions = usePaymentActions(record);
  const allowed = allowedPaymentActions(record, role);
  const labels: Record<PaymentAction, string> = {
    'view-payment': t('actions.viewPayment'),
    'view-invoice': t('actions.viewInvoice'),
    receipt: t('actions.uploadReceipt'),
    activate: t('actions.activate'),
    'send-receipt': t('actions.sendReceipt'),
    close: t('actions.closeInvoice'),
    delete: t('actions.delete'),
  };
  const number = record.invoiceNumber ?? t('payments.noNumber');
  const items = ORDER.filter((action) => allowed.includes(action));
  return (
    <>
      <RowMenu label={t('actions.menu', { number })} loading={actions.busy}>
        {items.map((action) => (
          <MenuEntry
            key={action}
            action={action}
            label={labels[action]}
            onClick={() => actions.run(action)}
          />
        ))}
      </RowMenu>
      <PaymentDetails
        record={actions.view === 'details' ? record : null}
        role={role}
        onClose={() => actions.setView(null)}
      />
      <ReceiptUpload
        record={actions.view === 'upload' ? record : null}
        onClose={() => actions.setView(null)}
      />
    </>
  );
}

function MenuEntry({
  action,
  label,
  onClick,
}: {
  action: PaymentAction;
  label: string;
  onClick: () => void;
}) {
  return (
    <>
      {action === 'delete' && <Menu.Divider />}
      <Menu.Item
        color={action === 'delete' ? 'red' : undefined}
        leftSection={ICONS[action]}
        onClick={onClick}
      >
        {label}
      </Menu.Item>
    </>
  );
}
