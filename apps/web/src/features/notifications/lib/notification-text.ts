import type { TFunction } from 'i18next';
import type { Notification } from '@vbuilder/shared';
import { formatDateTime } from '../../../lib/format.ts';

/** A notification's title and sentence in the reader's language, dates as they write them. */
export function notificationText(t: TFunction, notification: Notification, locale: string) {
  const { params } = notification;
  const values = {
    ...params,
    opensAt: params.opensAt ? formatDateTime(params.opensAt, locale) : '',
    endsAt: params.endsAt ? formatDateTime(params.endsAt, locale) : '',
  };
  return {
    title: t(`notifications:kinds.${notification.kind}.title`, values),
    text: t(`notifications:kinds.${notification.kind}.text`, values),
  };
}
