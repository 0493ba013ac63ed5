/**
 * Late submissions (issue 42 §4, ADR 042): a manager opens a window for one Scratcher, up to 24
 * hours after the end and before voting ends; they hear of it in their inbox, may submit until it
 * closes, and their entry is marked late; granting, revoking and the late submission are audited.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, entries, lateSubmissions, notifications } from '#db/schema';
import { type Environment, type TestUser, startEnvironment } from '../helpers/environment';
import { insertJam, insertManager } from '../helpers/factories';

const HOUR = 3_600_000;
let env: Environment;
let manager: TestUser, other: TestUser;
let scratchId = 950_000;
let people = 0;
/** Each test's latecomer is someone new (submitting is rate limited per person). */
const newKid = () => env.login(`late_kid_${(people += 1)}`);

beforeAll(async () => {
  env = await startEnvironment();
  manager = await env.login('late_manager');
  other = await env.login('late_other');
});
afterAll(() => env?.close());

/** A jam whose submissions closed an hour ago, with two days of voting left. */
async function endedJam(extra: Parameters<typeof insertJam>[1] = {}) {
  const now = Date.now();
  const jam = await insertJam(env.db, {
    startsAt: new Date(now - 48 * HOUR),
    endsAt: new Date(now - HOUR),
    votingEndsAt: new Date(now + 48 * HOUR),
    ...extra,
  });
  await insertManager(env.db, jam.id, manager.id);
  return jam;
}

const grant = (slug: string, name: string, until: Date | string, as = manager) =>
  env.request(`/api/jams/${slug}/late-submissions/${name}`, { method: 'PUT', as, body: { until } });
const revoke = (slug: string, name: string, as = manager) =>
  env.request(`/api/jams/${slug}/late-submissions/${name}`, { method: 'DELETE', as });

function submit(slug: string, as: TestUser) {
  const id = (scratchId += 1);
  env.fakes.scratchApi.projects.push({ id, title: `Late ${id}`, author: as.name, shared: true });
  return env.request(`/api/jams/${slug}/entries`, {
    method: 'POST',
    as,
    body: { url: `https://scratch.mit.edu/projects/${id}/` },
  });
}

const auditsOf = async (jamId: number) =>
  (await env.db.select().from(auditLog).where(eq(auditLog.jamId, jamId))).map((row) => row.action);

describe('a late-submission window', () => {
  it('lets the Scratcher submit after the end; the entry is marked late and everything is audited', async () => {
    const jam = await endedJam();
    const kid = await newKid();
    expect((await submit(jam.slug, kid)).status).toBe(409);

    const until = new Date(jam.endsAt.getTime() + 3 * HOUR);
    const granted = await grant(jam.slug, kid.name, until);
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({ name: kid.name, until: until.toISOString(), grantedBy: 'late_manager', entryId: null });

    const viewer = await env.request(`/api/jams/${jam.slug}/viewer`, { as: kid });
    expect(viewer.body.lateUntil).toBe(until.toISOString());
    expect((await env.request(`/api/jams/${jam.slug}/viewer`, { as: other })).body.lateUntil).toBeNull();

    const entry = await submit(jam.slug, kid);
    expect(entry.status).toBe(201);
    const [row] = await env.db.select().from(entries).where(eq(entries.id, entry.body.id));
    expect(row!.late).toBe(true);

    const list = await env.request(`/api/jams/${jam.slug}/late-submissions`, { as: manager });
    expect(list.body.grants).toMatchObject([{ name: kid.name, entryId: entry.body.id }]);
    const review = await env.request(`/api/jams/${jam.slug}/review`, { as: manager });
    expect(review.body.entries[0]).toMatchObject({ id: entry.body.id, late: true });
    const csv = await env.request(`/api/jams/${jam.slug}/entries.csv`, { as: manager });
    expect(String(csv.body).trim().split('\n')[1]!.endsWith(',0,no,yes')).toBe(true);

    expect(await auditsOf(jam.id)).toEqual(['entry.late.grant', 'entry.late.submit']);
    const [notice] = await env.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, kid.id), eq(notifications.kind, 'late-window')));
    expect(notice).toMatchObject({ jamId: jam.id, actorId: manager.id, data: { until: until.toISOString() } });
    const inbox = await env.request('/api/me/notifications', { as: kid });
    expect(inbox.body.items[0]).toMatchObject({ kind: 'late-window', jam: { slug: jam.slug } });
  });

  it('PUT again with the same time changes nothing; another time moves it and tells the person again', async () => {
    const jam = await endedJam();
    const kid = await newKid();
    const first = new Date(jam.endsAt.getTime() + 2 * HOUR);
    await grant(jam.slug, kid.name, first);
    expect((await grant(jam.slug, kid.name, first)).status).toBe(200);
    expect(await auditsOf(jam.id)).toEqual(['entry.late.grant']);
    const later = new Date(jam.endsAt.getTime() + 5 * HOUR);
    expect((await grant(jam.slug, kid.name, later)).body.until).toBe(later.toISOString());
    expect(await auditsOf(jam.id)).toEqual(['entry.late.grant', 'entry.late.grant']);
    const notices = await env.db.select().from(notifications).where(eq(notifications.userId, kid.id));
    expect(notices.map((n) => n.data)).toEqual([{ until: first.toISOString() }, { until: later.toISOString() }]);
  });

  it('is closed by DELETE (again: nothing more), after which submitting is refused', async () => {
    const jam = await endedJam();
    const kid = await newKid();
    await grant(jam.slug, kid.name, new Date(jam.endsAt.getTime() + 2 * HOUR));
    expect((await revoke(jam.slug, kid.name)).status).toBe(204);
    expect((await revoke(jam.slug, kid.name)).status).toBe(204);
    expect(await auditsOf(jam.id)).toEqual(['entry.late.grant', 'entry.late.revoke']);
    const refused = await submit(jam.slug, kid);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('This jam is currently not accepting submissions.');
  });

  it('refuses a submission once the window has closed', async () => {
    const jam = await endedJam();
    const kid = await newKid();
    await env.db.insert(lateSubmissions).values({ jamId: jam.id, userId: kid.id, until: new Date(Date.now() - 60_000) });
    expect((await submit(jam.slug, kid)).status).toBe(409);
    expect((await env.request(`/api/jams/${jam.slug}/viewer`, { as: kid })).body.lateUntil).toBeNull();
  });

  it('refuses times outside the rules with a message that says what to choose', async () => {
    const jam = await endedJam();
    const end = jam.endsAt.getTime();
    const cases: [Date, string][] = [
      [new Date(end - HOUR), 'The late window must close after the jam’s end.'],
      [new Date(end + 25 * HOUR), 'The late window can stay open at most 24 hours after the jam’s end.'],
      [new Date(end + 30 * 60_000), 'That time has already passed: choose a later one.'],
    ];
    for (const [until, message] of cases) {
      const reply = await grant(jam.slug, other.name, until);
      expect(reply.status, until.toISOString()).toBe(400);
      expect(reply.body.error).toEqual({ status: 400, code: 'invalid_input', message });
    }
    const shortVoting = await endedJam({ votingEndsAt: new Date(end + 2 * HOUR) });
    const afterVoting = await grant(shortVoting.slug, other.name, new Date(end + 3 * HOUR));
    expect(afterVoting.body.error.message).toBe('The late window must close before voting ends.');
    const noVoting = await endedJam({ votingEndsAt: null });
    const needsVoting = await grant(noVoting.slug, other.name, new Date(end + 3 * HOUR));
    expect(needsVoting.body.error.message).toBe(
      'Late submissions need a voting period after the end, so a late entry can still be voted on. Set a voting end first.',
    );
    expect(await env.db.select().from(lateSubmissions).where(eq(lateSubmissions.userId, other.id))).toEqual([]);
  });

  it('answers 404 for someone who never logged in, and 403 to people who do not manage the jam', async () => {
    const jam = await endedJam();
    const until = new Date(jam.endsAt.getTime() + 2 * HOUR);
    const unknown = await grant(jam.slug, 'never_here', until);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('never_here has not logged in to Itinerary yet; they need an account to submit.');
    const refused = await grant(jam.slug, other.name, until, other);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('Only managers of this jam and administrators can do that.');
  });
});
