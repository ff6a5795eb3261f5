import { notifications } from '@mantine/notifications';
import { vi } from 'vitest';

/**
 * The toasts shown so far, as "title | message", in a test file that mocks '@mantine/notifications'
 * (`vi.mock('@mantine/notifications', …)` makes `notifications.show` a spy).
 */
export const toastTexts = () =>
  vi
    .mocked(notifications.show)
    .mock.calls.map(([data]) => [data.title, data.message].filter(Boolean).join(' | '));
