/** Toast notifications (spec §3 Toast, §4, §9). The Toasts island renders this list. */
import { atom } from 'nanostores';

export type ToastType = 'default' | 'success' | 'warning' | 'error';

export interface ToastContent {
  message: string;
  loading?: boolean;
}

export interface Toast {
  id: string;
  type: ToastType;
  content: ToastContent;
  isCloseable: boolean;
  disableTimeout: boolean;
  timeout: number;
  /** True during the 500 ms before removal, so the toast can animate out. */
  closing: boolean;
}

export type ToastInput = Partial<Omit<Toast, 'id' | 'closing' | 'content'>> & {
  content: ToastContent;
};

export const TOAST_TIMEOUT_MS = 5000;
export const TOAST_CLOSE_MS = 500;
const PENDING_KEY = 'itinerary-pending-notifications';

export const $toasts = atom<Toast[]>([]);

const timers = new Map<string, ReturnType<typeof setTimeout>>();

export function pushToast(input?: ToastInput | null): string {
  if (!input || typeof input !== 'object') throw new Error('No notification object passed.');
  if (!input.content) throw new Error('Missing notification content');
  // The error texts are the specification's, which calls a toast a notification.
  const toast: Toast = {
    id: crypto.randomUUID(),
    type: input.type ?? 'default',
    content: input.content,
    isCloseable: input.isCloseable ?? true,
    disableTimeout: input.disableTimeout ?? false,
    timeout: input.timeout ?? TOAST_TIMEOUT_MS,
    closing: false,
  };
  $toasts.set([...$toasts.get(), toast]);
  if (!toast.disableTimeout) {
    timers.set(
      toast.id,
      setTimeout(() => closeToast(toast.id), toast.timeout),
    );
  }
  return toast.id;
}

export function closeToast(id: string): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  $toasts.set($toasts.get().map((n) => (n.id === id ? { ...n, closing: true } : n)));
  setTimeout(() => $toasts.set($toasts.get().filter((n) => n.id !== id)), TOAST_CLOSE_MS);
}

/** For toasts that must survive a full page load (e.g. 'You have been logged out.' after going home). */
export function pushToastAfterNavigation(input: ToastInput): void {
  const pending = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? '[]') as ToastInput[];
  sessionStorage.setItem(PENDING_KEY, JSON.stringify([...pending, input]));
}

export function flushPendingToasts(): void {
  const pending = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? '[]') as ToastInput[];
  sessionStorage.removeItem(PENDING_KEY);
  for (const input of pending) pushToast(input);
}
