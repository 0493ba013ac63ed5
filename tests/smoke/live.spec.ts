/**
 * A live jam (ADR 044) on every target: an entry submitted after a stream opened arrives on it, on
 * the Node server's long-lived stream and through workerd's short one, and a stream opened again
 * with the last event id it saw gets nothing twice. Two visitors' jam pages show an entry submitted
 * from a third browser and reveal the results a manager publishes.
 */
import { openStream } from '../helpers/event-stream';
import { ADMIN, MINUTE, expect, ongoingJam, submitEntry, test, userPage } from './fixtures';
import { watchLiveJam } from '../helpers/live-page';

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

test('two visitors see an entry arrive and the results revealed, live', async ({ browser }) => {
  test.setTimeout(120_000);
  const jam = await ongoingJam(browser, 'Smoke Live Reveal');
  const admin = await userPage(browser, ADMIN);
  const manual = await admin.request.patch(`/api/jams/${jam.slug}`, { data: { results: 'manual' } });
  expect(manual.status(), await manual.text()).toBe(200);
  const visitors = await Promise.all([0, 1].map(async () => (await browser.newContext()).newPage()));
  for (const visitor of visitors) await watchLiveJam(visitor, jam.slug);

  const griff = await userPage(browser, 'GriffTheGreat');
  const entry = await submitEntry(griff, jam.slug, 100000004);
  await griff.context().close();
  // workerd's streams end every 25 s and the browser reconnects with the last id it saw.
  for (const visitor of visitors) {
    await expect(visitor.getByRole('region', { name: 'Just in' }).getByRole('link', { name: entry.title })).toBeVisible({
      timeout: 30_000,
    });
  }

  const ended = await admin.request.patch(`/api/jams/${jam.slug}`, {
    data: { startsAt: new Date(Date.now() - 60 * MINUTE).toISOString(), endsAt: new Date(Date.now() - MINUTE).toISOString() },
  });
  expect(ended.status(), await ended.text()).toBe(200);
  expect((await admin.request.put(`/api/jams/${jam.slug}/results`)).status()).toBe(200);
  for (const visitor of visitors) {
    await expect(visitor.getByRole('heading', { level: 2, name: 'The results are out!' })).toBeVisible({ timeout: 30_000 });
  }
  await Promise.all([admin, ...visitors].map((page) => page.context().close()));
});
