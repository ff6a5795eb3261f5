import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useNotifications, type NotificationsProps } from '@mantine/notifications';
import { setModalsHost } from './confirm-modal.ts';
import { useFirstInteraction } from './first-interaction.ts';

/**
 * The app's toasts and confirmation dialogs, mounted when first needed rather than with the first
 * screen (the attempt screen's first load). Nothing is lost meanwhile: a toast
 * shown earlier waits in the notifications store and appears when the container mounts; a
 * confirmation asked for earlier waits for the modals manager (confirm-modal.ts).
 */

const LoadedNotifications = lazy(() => import('./notifications-container.tsx'));
const LoadedModalsProvider = lazy(() => import('./modals-provider.tsx'));

export function NotificationsHost(props: NotificationsProps) {
  const { notifications, queue } = useNotifications();
  const interacted = useFirstInteraction();
  if (!interacted && notifications.length === 0 && queue.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <LoadedNotifications {...props} />
    </Suspense>
  );
}

let markListening: () => void = () => undefined;
const listening = new Promise<void>((resolve) => {
  markListening = resolve;
});

export function ModalsHost() {
  const interacted = useFirstInteraction();
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    setModalsHost({
      ready: () => {
        setAsked(true);
        return listening;
      },
    });
    return () => setModalsHost(null);
  }, []);
  const onListening = useCallback(() => markListening(), []);
  if (!interacted && !asked) return null;
  return (
    <Suspense fallback={null}>
      <LoadedModalsProvider onListening={onListening} />
    </Suspense>
  );
}
