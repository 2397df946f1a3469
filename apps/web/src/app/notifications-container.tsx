import { Notifications } from '@mantine/notifications';

/** Where notifications show (loaded by DeferredNotifications with the first one). */
export function NotificationsContainer() {
  return <Notifications position="top-right" />;
}
