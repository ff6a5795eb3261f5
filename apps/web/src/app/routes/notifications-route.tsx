import { NotificationsScreen } from '../../features/notifications/components/notifications-screen.tsx';

/** /account/notifications/{userId}: the signed-in person's own notifications and their choices. */
export function Component() {
  return <NotificationsScreen />;
}
