import { notifications } from '@mantine/notifications';
import { IconCheck, IconX } from '@tabler/icons-react';
import i18n from '../../lib/i18n.ts';

/**
 * A success or failure toast, with an icon and a named close button. Toasts sharing an id replace
 * each other, so a success does not sit under the failure it fixed.
 */
export function showToast(kind: 'success' | 'failure', message: string, title?: string, id?: string) {
  if (id) notifications.hide(id);
  notifications.show({
    id,
    color: kind === 'success' ? 'green' : 'red',
    icon: kind === 'success' ? <IconCheck size={18} aria-hidden /> : <IconX size={18} aria-hidden />,
    title,
    message,
    closeButtonProps: { 'aria-label': i18n.t('common:close') },
  });
}
