/**
 * A live jam (ADR 044) on every target: an entry submitted after a stream opened arrives on it, on
 * the Node server's long-lived stream and through workerd's short one, and a stream opened again
 * with the last event id it saw gets nothing twice.
 */
import { openStream } from '../helpers/event-stream';
import { expect, ongoingJam, submitEntry, test, userPage } from './fixtures';

test('an entry submitted after the stream opened arrives on it', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const jam = await ongoingJam(browser, 'Smoke Live');
  const stream = await openStream(`${baseURL}/api/jams/${jam.slug}/events`);
  try {
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('cache-control')).toBe('no-store, no-transform');
    const ready = await stream.next((event) => event.event === 'ready');
    const griff = await userPage(browser, 'GriffTheGreat');
    const entry = await submitEntry(griff, jam.slug, 100000004);
    await griff.context().close();
    // Within a Worker's short stream (a read every 2.5 s) or the one it reconnects to.
    const added = await stream.next((event) => event.event === 'entry-added', 20_000);
    expect(added.data).toMatchObject({ entry: { id: entry.id, title: 'Griff Dash', authorName: 'GriffTheGreat' } });
    expect(Number(added.id)).toBeGreaterThan(Number(ready.id));

    const again = await openStream(`${baseURL}/api/jams/${jam.slug}/events`, { 'last-event-id': ready.id! });
    try {
      expect((await again.next((event) => event.event === 'entry-added')).id).toBe(added.id);
    } finally {
      await again.close();
    }
  } finally {
    await stream.close();
  }
});
