/** Toast notifications (spec §3 Notification, §4, §9). The Toasts island renders this list. */
import { atom } from 'nanostores';

export type NotificationType = 'default' | 'success' | 'warning' | 'error';

export interface NotificationContent {
  message: string;
  loading?: boolean;
}

export interface Notification {
  id: string;
  type: NotificationType;
  content: NotificationContent;
  isCloseable: boolean;
  disableTimeout: boolean;
  timeout: number;
  /** True during the 500 ms before removal, so the toast can animate out. */
  closing: boolean;
}

export type NotificationInput = Partial<Omit<Notification, 'id' | 'closing' | 'content'>> & {
  content: NotificationContent;
};

export const NOTIFICATION_TIMEOUT_MS = 5000;
export const NOTIFICATION_CLOSE_MS = 500;
const PENDING_KEY = 'itinerary-pending-notifications';

export const $notifications = atom<Notification[]>([]);

const timers = new Map<string, ReturnType<typeof setTimeout>>();

export function pushNotification(input?: NotificationInput | null): string {
  if (!input || typeof input !== 'object') throw new Error('No notification object passed.');
  if (!input.content) throw new Error('Missing notification content');
  const notification: Notification = {
    id: crypto.randomUUID(),
    type: input.type ?? 'default',
    content: input.content,
    isCloseable: input.isCloseable ?? true,
    disableTimeout: input.disableTimeout ?? false,
    timeout: input.timeout ?? NOTIFICATION_TIMEOUT_MS,
    closing: false,
  };
  $notifications.set([...$notifications.get(), notification]);
  if (!notification.disableTimeout) {
    timers.set(
      notification.id,
      setTimeout(() => closeNotification(notification.id), notification.timeout),
    );
  }
  return notification.id;
}

export function closeNotification(id: string): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  $notifications.set($notifications.get().map((n) => (n.id === id ? { ...n, closing: true } : n)));
  setTimeout(() => $notifications.set($notifications.get().filter((n) => n.id !== id)), NOTIFICATION_CLOSE_MS);
}

export function updateNotification(id: string, changes: Partial<Pick<Notification, 'type' | 'content'>>): void {
  $notifications.set($notifications.get().map((n) => (n.id === id ? { ...n, ...changes } : n)));
}

/** For toasts that must survive a full page load (e.g. 'You have been logged out.' after going home). */
export function pushNotificationAfterNavigation(input: NotificationInput): void {
  const pending = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? '[]') as NotificationInput[];
  sessionStorage.setItem(PENDING_KEY, JSON.stringify([...pending, input]));
}

export function flushPendingNotifications(): void {
  const pending = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? '[]') as NotificationInput[];
  sessionStorage.removeItem(PENDING_KEY);
  for (const input of pending) pushNotification(input);
}
