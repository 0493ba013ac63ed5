import { type ToastInput, pushToastAfterNavigation } from '#stores/toasts';

/** Public pages are rendered on the server: after a change, load the page again and say what happened. */
export function reloadWithToast(message: string, type: ToastInput['type'] = 'success', to?: string): void {
  pushToastAfterNavigation({ type, content: { message } });
  if (to) window.location.assign(to);
  else window.location.reload();
}
