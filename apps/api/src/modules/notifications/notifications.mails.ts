import type { Notification } from '@vbuilder/shared';
import { formatDateTime } from '../../i18n/index.ts';
import { mailTo, type MailRecipient } from '../mail/templates.ts';
import type { MailMessage } from '../mail/mailer.ts';

/**
 * A notification's mail in its recipient's language: the subject and sentence of its kind
 * (`notifications:<kind>.*`), the button to what it is about.
 */
export function notificationMail(
  to: MailRecipient & { id: string },
  notification: Notification,
  baseUrl: string,
): MailMessage {
  const language = to.language ?? 'en';
  const { params } = notification;
  const values = {
    ...params,
    opensAt: params.opensAt ? formatDateTime(new Date(params.opensAt), language) : '',
    endsAt: params.endsAt ? formatDateTime(new Date(params.endsAt), language) : '',
  };
  const kind = notification.kind;
  return mailTo(to, (t) => ({
    subject: t(`notifications:${kind}.subject`, values),
    paragraphs: [t(`notifications:${kind}.body`, values)],
    ...(notification.link
      ? {
          action: {
            label: t(`notifications:${kind}.action`),
            url: `${baseUrl}${notification.link}?lng=${encodeURIComponent(language)}`,
          },
        }
      : {}),
    // Where to choose which news come by mail.
    after: [t('notifications:preferencesHint', { url: `${baseUrl}/account/notifications/${to.id}` })],
  }));
}
