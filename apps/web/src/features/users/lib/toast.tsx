import { notifications } from '@mantine/notifications';
import { IconCheck, IconX } from '@tabler/icons-react';
import i18n from '../../../lib/i18n.ts';

/** A success or failure toast of the users screens, with an icon and a named close button. */
export function showToast(kind: 'success' | 'failure', message: string, title?: string) {
  notifications.show({
    color: kind === 'success' ? 'green' : 'red',
    icon: kind === 'success' ? <IconCheck size={18} aria-hidden /> : <IconX size={18} aria-hidden />,
    title,
    message,
    closeButtonProps: { 'aria-label': i18n.t('common:close') },
  });
}
