/**
 * Theme rounds written with the jam (issue 43, ADR 043): `themeRounds` in the jam's create and PATCH
 * bodies follows the rules of `PUT …/theme/rounds` (one check), jam and schedule in one request, and
 * a PATCH cannot move the start before theme voting closes.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jams } from '#db/schema';
import { type Environment, type TestUser, startEnvironment } from '../helpers/environment';
import { insertJam, insertManager } from '../helpers/factories';

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
let env: Environment;
let admin: TestUser, manager: TestUser;

beforeAll(async () => {
  env = await startEnvironment();
  admin = await env.login('themejam_admin', { isAdmin: true });
  manager = await env.login('themejam_manager');
});
afterAll(() => env?.close());

const schedule = { enabled: true, suggestFrom: at(1), round1From: at(2), finalFrom: at(3), closesAt: at(4) };
const newJam = (name: string, themeRounds?: unknown) => ({
  name,
  description: 'A jam whose theme the community chooses.',
  startsAt: at(10),
  endsAt: at(50),
  ...(themeRounds === undefined ? {} : { themeRounds }),
});
const create = (body: unknown) => env.request('/api/jams', { method: 'POST', as: admin, body });
const patch = (slug: string, body: unknown, as = manager) => env.request(`/api/jams/${slug}`, { method: 'PATCH', as, body });
const rowOf = async (slug: string) => (await env.db.select().from(jams).where(eq(jams.slug, slug)))[0]!;
const themeOf = async (slug: string) => (await env.request(`/api/jams/${slug}/theme`)).body;
async function managedThemeJam() {
  const jam = await insertJam(env.db, {
    startsAt: new Date(Date.now() + 10 * HOUR),
    endsAt: new Date(Date.now() + 50 * HOUR),
    themeRounds: true,
    themeSuggestFrom: new Date(schedule.suggestFrom),
    themeRound1From: new Date(schedule.round1From),
    themeFinalFrom: new Date(schedule.finalFrom),
    themeClosesAt: new Date(schedule.closesAt),
  });
  await insertManager(env.db, jam.id, manager.id);
  return jam;
}

describe('creating a jam with theme rounds', () => {
  it('writes the jam and its schedule in one request', async () => {
    const created = await create(newJam('Community theme jam', { ...schedule, finalists: 8 }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ themeRounds: true, theme: null });
    expect(await themeOf(created.body.slug)).toMatchObject({
      phase: 'soon',
      suggestFrom: schedule.suggestFrom,
      round1From: schedule.round1From,
      finalFrom: schedule.finalFrom,
      closesAt: schedule.closesAt,
      finalists: 8,
    });
  });

  it('takes 16 finalists when none are named, and none at all without the option', async () => {
    const sixteen = await create(newJam('Sixteen finalists jam', schedule));
    expect((await rowOf(sixteen.body.slug)).themeFinalists).toBe(16);
    const plain = await create(newJam('Plain theme jam'));
    expect(plain.body.themeRounds).toBe(false);
    const off = await create(newJam('Theme rounds off jam', { enabled: false }));
    expect(off.body.themeRounds).toBe(false);
  });

  it('refuses a wrong schedule with the PUT’s 400s, naming the date, and writes nothing', async () => {
    const cases: [unknown, string, string][] = [
      [
        { enabled: true, suggestFrom: at(1) },
        'Theme rounds need all four dates: suggestFrom, round1From, finalFrom and closesAt.',
        'themeRounds.round1From',
      ],
      [
        { ...schedule, round1From: at(3), finalFrom: at(2) },
        'The theme schedule must go in order: suggestions open, then round 1, then the final round, then voting closes.',
        'themeRounds.finalFrom',
      ],
      [
        { ...schedule, closesAt: at(11) },
        'Theme voting must close at or before the jam starts (startsAt).',
        'themeRounds.closesAt',
      ],
    ];
    for (const [themeRounds, message, field] of cases) {
      const refused = await create(newJam('Refused theme jam', themeRounds));
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ status: 400, code: 'invalid_input', message, field });
    }
    const tooMany = await create(newJam('Refused theme jam', { ...schedule, finalists: 65 }));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toBe('themeRounds.finalists: finalists must be a whole number from 2 to 64.');
    const none = await env.db.select().from(jams).where(eq(jams.name, 'Refused theme jam'));
    expect(none).toEqual([]);
  });
});

describe('editing a jam’s theme rounds', () => {
  it('sets, changes and turns off the schedule with the jam’s PATCH, and leaves it alone when not sent', async () => {
    const jam = await insertJam(env.db, { startsAt: new Date(Date.now() + 10 * HOUR), endsAt: new Date(Date.now() + 50 * HOUR) });
    await insertManager(env.db, jam.id, manager.id);
    const set = await patch(jam.slug, { description: 'Now the community chooses.', themeRounds: schedule });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ themeRounds: true, description: 'Now the community chooses.' });
    expect(await themeOf(jam.slug)).toMatchObject({ phase: 'soon', closesAt: schedule.closesAt, finalists: 16 });

    const renamed = await patch(jam.slug, { name: 'Still community chosen' });
    expect(renamed.body.themeRounds).toBe(true);
    expect(await themeOf(renamed.body.slug)).toMatchObject({ closesAt: schedule.closesAt });

    const later = { ...schedule, closesAt: at(6), finalists: 4 };
    expect((await patch(renamed.body.slug, { themeRounds: later })).status).toBe(200);
    expect(await themeOf(renamed.body.slug)).toMatchObject({ closesAt: later.closesAt, finalists: 4 });
    const again = await patch(renamed.body.slug, { themeRounds: later });
    expect(again.status).toBe(200);

    const off = await patch(renamed.body.slug, { themeRounds: { enabled: false } });
    expect(off.body.themeRounds).toBe(false);
    expect(await themeOf(renamed.body.slug)).toMatchObject({ phase: 'off', closesAt: null });
  });

  it('checks a new schedule against a start moved in the same request', async () => {
    const jam = await managedThemeJam();
    const both = await patch(jam.slug, { startsAt: at(20), themeRounds: { ...schedule, closesAt: at(15) } });
    expect(both.status).toBe(200);
    const early = await patch(jam.slug, { startsAt: at(5), themeRounds: { ...schedule, closesAt: at(6) } });
    expect(early.status).toBe(400);
    expect(early.body.error).toMatchObject({
      message: 'Theme voting must close at or before the jam starts (startsAt).',
      field: 'themeRounds.closesAt',
    });
  });

  it('refuses to move the start before theme voting closes, naming startsAt, and changes nothing', async () => {
    const jam = await managedThemeJam();
    const moved = await patch(jam.slug, { startsAt: at(3.5), endsAt: at(40) });
    expect(moved.status).toBe(400);
    expect(moved.body.error).toMatchObject({
      status: 400,
      code: 'invalid_input',
      message:
        'The start (startsAt) cannot be before theme voting closes (themeRounds.closesAt): start later, or close theme voting earlier.',
      field: 'startsAt',
      rule: 'startsBeforeThemeCloses',
    });
    const row = await rowOf(jam.slug);
    expect(row.startsAt.getTime()).toBe(jam.startsAt.getTime());
    expect(row.endsAt.getTime()).toBe(jam.endsAt.getTime());
    // At the close exactly is allowed, as the PUT allows it.
    expect((await patch(jam.slug, { startsAt: schedule.closesAt })).status).toBe(200);
  });

  it('is locked once the jam has started (409), while the rest of the jam can still be edited', async () => {
    const jam = await insertJam(env.db, {
      startsAt: new Date(Date.now() - HOUR),
      endsAt: new Date(Date.now() + 50 * HOUR),
      themeRounds: true,
      themeSuggestFrom: new Date(Date.now() - 5 * HOUR),
      themeRound1From: new Date(Date.now() - 4 * HOUR),
      themeFinalFrom: new Date(Date.now() - 3 * HOUR),
      themeClosesAt: new Date(Date.now() - 2 * HOUR),
    });
    await insertManager(env.db, jam.id, manager.id);
    const locked = await patch(jam.slug, { description: 'Changed too?', themeRounds: { enabled: false } });
    expect(locked.status).toBe(409);
    expect(locked.body.error.message).toBe('The jam has started: its theme is out and the theme rounds can no longer change.');
    expect((await rowOf(jam.slug)).description).toBe(jam.description);
    const edited = await patch(jam.slug, { description: 'Only this changes.', startsAt: jam.startsAt.toISOString() });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ themeRounds: true, description: 'Only this changes.' });
  });

  it('is for the jam’s managers only', async () => {
    const jam = await managedThemeJam();
    const stranger = await env.login('themejam_stranger');
    expect((await patch(jam.slug, { themeRounds: { enabled: false } }, stranger)).status).toBe(403);
    expect((await rowOf(jam.slug)).themeRounds).toBe(true);
  });
});
