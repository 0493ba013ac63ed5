import { type NotificationInput, pushNotificationAfterNavigation } from '#stores/notifications';

/** Public pages are rendered on the server: after a change, load the page again and say what happened. */
export function reloadWithToast(message: string, type: NotificationInput['type'] = 'success', to?: string): void {
  pushNotificationAfterNavigation({ type, content: { message } });
  if (to) window.location.assign(to);
  else window.location.reload();
}
