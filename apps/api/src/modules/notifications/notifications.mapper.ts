import { NotificationParamsSchema, type Notification, type NotificationKind } from '@vbuilder/shared';
import type { NotificationRow } from '../../db/schema/index.ts';

export const toNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  kind: row.kind as NotificationKind,
  // Rows keep what their sentence named then; anything unknown is dropped rather than shown.
  params: NotificationParamsSchema.catch({}).parse(row.params),
  link: row.link,
  readAt: row.readAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});
