import { notificationsStore } from '@mantine/notifications';
import { lazy, Suspense, useSyncExternalStore } from 'react';

// The notifications container (transitions, drag to dismiss) is fetched with the first
// notification; `notifications.show()` only needs the small store, so no page waits for it.
const Notifications = lazy(() =>
  import('./notifications-container').then((m) => ({ default: m.NotificationsContainer })),
);

/** Once a notification has been asked for, the container stays (its exit transitions need it). */
let requested = false;
const subscribe = (onChange: () => void) => notificationsStore.subscribe(onChange);
function isRequested() {
  const { notifications, queue } = notificationsStore.getState();
  requested ||= notifications.length + queue.length > 0;
  return requested;
}

export function DeferredNotifications() {
  const wanted = useSyncExternalStore(subscribe, isRequested, isRequested);
  return wanted ? (
    <Suspense fallback={null}>
      <Notifications />
    </Suspense>
  ) : null;
}
