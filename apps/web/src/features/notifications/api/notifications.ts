import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  NotificationListResponseSchema,
  NotificationPreferencesResponseSchema,
  UnreadCountSchema,
  type MarkReadBody,
  type NotificationPreference,
} from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { toQueryString } from '../../../lib/format.ts';
import { notificationKeys } from '../../../lib/query-keys.ts';

export interface NotificationListParams {
  limit: number;
  unread?: boolean;
}

/** GET /notifications: the newest first, with the unread count (the bell and the screen). */
export const notificationsQuery = (params: NotificationListParams) =>
  queryOptions({
    queryKey: notificationKeys.list(params),
    queryFn: ({ signal }) =>
      api.get(
        `/notifications${toQueryString({ limit: params.limit, unread: params.unread ? 'true' : undefined })}`,
        NotificationListResponseSchema,
        { signal },
      ),
    meta: { silent: true },
  });

/**
 * `live`: the stream keeps it fresh; without it (stream down) it is asked again every minute so
 * the count still moves.
 */
export const useNotifications = (params: NotificationListParams, live = true) =>
  useQuery({ ...notificationsQuery(params), refetchInterval: live ? false : 60_000 });

/** POST /notifications/read: the given ones, or all of the caller's. */
export const markRead = (body: MarkReadBody) => api.post('/notifications/read', body, UnreadCountSchema);

export function useMarkRead() {
  return useMutation({
    mutationFn: markRead,
    meta: { silent: true, invalidates: [notificationKeys.lists()] },
  });
}

export const preferencesQuery = () =>
  queryOptions({
    queryKey: notificationKeys.preferences(),
    queryFn: ({ signal }) =>
      api.get('/notifications/preferences', NotificationPreferencesResponseSchema, { signal }),
    meta: { silent: true },
  });

export const usePreferences = () => useQuery(preferencesQuery());

/** PUT /notifications/preferences with the changed kinds. */
export const savePreferences = (preferences: NotificationPreference[]) =>
  api.put('/notifications/preferences', { preferences }, NotificationPreferencesResponseSchema);

export function useSavePreferences() {
  return useMutation({
    mutationFn: savePreferences,
    meta: { silent: true, invalidates: [notificationKeys.preferences()] },
  });
}
