import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toasts, closeToast, pushToast } from '#stores/toasts';

beforeEach(() => {
  vi.useFakeTimers();
  $toasts.set([]);
});
afterEach(() => vi.useRealTimers());

describe('notifications', () => {
  it('refuses a push without an object or without content, with the spec messages', () => {
    expect(() => pushToast()).toThrow('No notification object passed.');
    expect(() => pushToast({} as never)).toThrow('Missing notification content');
  });

  it('fills in the defaults: type default, closeable, 5000 ms timeout and a unique id', () => {
    const first = pushToast({ content: { message: 'Hi' } });
    const second = pushToast({ content: { message: 'Hi again' } });
    const [notification] = $toasts.get();
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
    pushToast({ type: 'success', content: { message: 'Saved' } });
    vi.advanceTimersByTime(4999);
    expect($toasts.get()[0]?.closing).toBe(false);
    vi.advanceTimersByTime(1);
    expect($toasts.get()[0]?.closing).toBe(true);
    vi.advanceTimersByTime(499);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toHaveLength(0);
  });

  it('stays until closed when the timeout is disabled', () => {
    const id = pushToast({ content: { message: 'Working', loading: true }, disableTimeout: true });
    vi.advanceTimersByTime(60_000);
    expect($toasts.get()).toHaveLength(1);
    closeToast(id);
    vi.advanceTimersByTime(500);
    expect($toasts.get()).toHaveLength(0);
  });
});
