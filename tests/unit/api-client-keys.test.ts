/**
 * The islands' API client sends one Idempotency-Key per user action and the same key when it sends
 * the action again (ADR 047): after a 503 with a short Retry-After, and after a dropped connection.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '#client/api-client';

const sent: { method: string; key: string | null }[] = [];
let answers: (() => Response)[] = [];

beforeEach(() => {
  vi.stubGlobal('window', { location: { origin: 'http://localhost' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: URL, init: RequestInit) => {
      sent.push({ method: String(init.method), key: new Headers(init.headers).get('idempotency-key') });
      const next = answers.shift();
      if (!next) throw new TypeError('Failed to fetch');
      return next();
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  sent.length = 0;
  answers = [];
});

const created = () => new Response('{"id":1}', { status: 201, headers: { 'content-type': 'application/json' } });
const busy = () =>
  new Response('{"error":{"status":503,"code":"upstream_unavailable","message":"busy"}}', {
    status: 503,
    headers: { 'retry-after': '0', 'content-type': 'application/json' },
  });

describe('the API client’s Idempotency-Key', () => {
  it('sends a new key with each POST, and none with a GET or PUT', async () => {
    answers = [created, created, created, created];
    await api('/jams', { method: 'POST', body: {} });
    await api('/jams', { method: 'POST', body: {} });
    await api('/jams');
    await api('/jams/x/entries/1/vote', { method: 'PUT' });
    expect(sent[0]!.key).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[1]!.key).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[0]!.key).not.toBe(sent[1]!.key);
    expect(sent.slice(2).map(({ key }) => key)).toEqual([null, null]);
  });

  it('sends the same key again after a 503 with Retry-After', async () => {
    answers = [busy, created];
    await expect(api('/jams', { method: 'POST', body: {} })).resolves.toEqual({ id: 1 });
    expect(sent).toHaveLength(2);
    expect(sent[1]!.key).toBe(sent[0]!.key);
  });

  it('sends the same key again after a dropped connection, and the key a form kept', async () => {
    vi.useFakeTimers();
    try {
      answers = [
        () => {
          throw new TypeError('Failed to fetch');
        },
        created,
      ];
      const answered = api('/jams', { method: 'POST', body: {}, idempotencyKey: 'kept-by-the-form' });
      await vi.runAllTimersAsync();
      await expect(answered).resolves.toEqual({ id: 1 });
      expect(sent.map(({ key }) => key)).toEqual(['kept-by-the-form', 'kept-by-the-form']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reuses the key when the person sends the same action again after a failure, and not after a success', async () => {
    answers = [busy, busy];
    await expect(api('/jams/x/theme/suggestions', { method: 'POST', body: { text: 'Orbit' } })).rejects.toMatchObject({
      status: 503,
    });
    answers = [created, created];
    await api('/jams/x/theme/suggestions', { method: 'POST', body: { text: 'Orbit' } });
    await api('/jams/x/theme/suggestions', { method: 'POST', body: { text: 'Orbit' } });
    const keys = sent.map(({ key }) => key);
    // Both tries of the first press and the second press: one key; after its success, a new one.
    expect(keys.slice(0, 3)).toEqual([keys[0], keys[0], keys[0]]);
    expect(keys[3]).not.toBe(keys[0]);
  });
});
