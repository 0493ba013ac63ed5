import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $notifications, closeNotification, pushNotification } from '#stores/notifications';

beforeEach(() => {
  vi.useFakeTimers();
  $notifications.set([]);
});
afterEach(() => vi.useRealTimers());

describe('notifications', () => {
  it('refuses a push without an object or without content, with the spec messages', () => {
    expect(() => pushNotification()).toThrow('No notification object passed.');
    expect(() => pushNotification({} as never)).toThrow('Missing notification content');
  });

  it('fills in the defaults: type default, closeable, 5000 ms timeout and a unique id', () => {
    const first = pushNotification({ content: { message: 'Hi' } });
    const second = pushNotification({ content: { message: 'Hi again' } });
    const [notification] = $notifications.get();
    expect(notification).toMatchObject({
      id: first,
      type: 'default',
      isCloseable: true,
      disableTimeout: false,
      timeout: 5000,
      closing: false,
    });
    expect(first).not.toBe(second);
  });

  it('closes by itself after the timeout, with a 500 ms closing state before removal', () => {
    pushNotification({ type: 'success', content: { message: 'Saved' } });
    vi.advanceTimersByTime(4999);
    expect($notifications.get()[0]?.closing).toBe(false);
    vi.advanceTimersByTime(1);
    expect($notifications.get()[0]?.closing).toBe(true);
    vi.advanceTimersByTime(499);
    expect($notifications.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($notifications.get()).toHaveLength(0);
  });

  it('stays until closed when the timeout is disabled', () => {
    const id = pushNotification({ content: { message: 'Working', loading: true }, disableTimeout: true });
    vi.advanceTimersByTime(60_000);
    expect($notifications.get()).toHaveLength(1);
    closeNotification(id);
    vi.advanceTimersByTime(500);
    expect($notifications.get()).toHaveLength(0);
  });
});
