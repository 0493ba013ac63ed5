/**
 * PATCH changes only what it is sent: a field left out stays as it was, `null` clears the
 * fields that may be empty and is refused for the others. Checked for every PATCH endpoint
 * under src/pages/api with random subsets of fields (fast-check) against the real database.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Jam, type JamRequest, jamRequests, jams, users } from '#db/schema';
import { type Environment, type TestUser, startEnvironment } from '../helpers/environment';
import { insertJam, insertJamRequest } from '../helpers/factories';
import { apiRoutes } from '../security/api-routes';

const HOUR = 3_600_000;

let env: Environment;
let admin: TestUser;

beforeAll(async () => {
  env = await startEnvironment();
  admin = await env.login('patch_admin', { isAdmin: true });
});
afterAll(() => env?.close());

const jamRow = async (id: number) => (await env.db.select().from(jams).where(eq(jams.id, id)))[0]!;
const userRow = async (id: number) => (await env.db.select().from(users).where(eq(users.id, id)))[0]!;

/** What the jam's editable columns hold, comparable with toEqual. */
const editable = (jam: Jam) => ({
  name: jam.name,
  description: jam.description,
  body: jam.body,
  imageUrl: jam.imageUrl,
  startsAt: jam.startsAt.toISOString(),
  endsAt: jam.endsAt.toISOString(),
});
/** What no edit may touch. */
const untouchable = (jam: Jam) => ({
  id: jam.id,
  featured: jam.featured,
  mystery: jam.mystery,
  createdAt: jam.createdAt,
  createdBy: jam.createdBy,
});

it('lists the PATCH endpoints this file covers, and no others exist', () => {
  const patches = apiRoutes()
    .filter((route) => route.method === 'PATCH')
    .map((route) => route.pattern)
    .sort();
  expect(patches).toEqual(['/api/jam-requests/[id]', '/api/jams/[slug]', '/api/users/[id]']);
});

describe('PATCH /api/jams/{slug}', () => {
  it('with only a description keeps the body and the image (the reported data loss)', async () => {
    const jam = await insertJam(env.db, { body: '## Theme\n\nOrbit.', imageUrl: 'https://example.com/banner.png' });
    const reply = await env.request(`/api/jams/${jam.slug}`, {
      method: 'PATCH',
      body: { description: 'A new description.' },
      as: admin,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(editable(await jamRow(jam.id))).toEqual({ ...editable(jam), description: 'A new description.' });
    expect(reply.body).toMatchObject({ body: '## Theme\n\nOrbit.', imageUrl: 'https://example.com/banner.png' });
  });

  it('clears the body and the image with null, and refuses null for the name, description and dates', async () => {
    const jam = await insertJam(env.db, { body: 'Rules.', imageUrl: 'https://example.com/banner.png' });
    const cleared = await env.request(`/api/jams/${jam.slug}`, {
      method: 'PATCH',
      body: { body: null, imageUrl: null },
      as: admin,
    });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(editable(await jamRow(jam.id))).toEqual({ ...editable(jam), body: '', imageUrl: null });
    for (const field of ['name', 'description', 'startsAt', 'endsAt']) {
      const reply = await env.request(`/api/jams/${jam.slug}`, { method: 'PATCH', body: { [field]: null }, as: admin });
      expect(reply.status, field).toBe(400);
      expect(reply.body.error).toMatchObject({ status: 400, code: 'invalid_input' });
      expect(reply.body.error.message, field).toContain(field);
    }
    expect(editable(await jamRow(jam.id))).toEqual({ ...editable(jam), body: '', imageUrl: null });
  });

  const text = (max: number) =>
    fc.stringMatching(new RegExp(`^[A-Za-z0-9][A-Za-z0-9 ,.!?'-]{0,${max - 2}}[A-Za-z0-9.!?]$`)).filter((s) => s.length <= max);
  const moment = fc.integer({ min: -72, max: 72 }).map((hours) => new Date(Date.now() + hours * HOUR + 1000).toISOString());
  const patchArbitrary = fc.record(
    {
      name: text(40),
      description: text(120),
      body: fc.oneof(fc.string({ maxLength: 200 }), fc.constant(null)),
      imageUrl: fc.oneof(
        fc.constant(null),
        fc.constant(''),
        fc.nat(999).map((n) => `https://example.com/${n}.png`),
      ),
      startsAt: moment,
      endsAt: moment,
    },
    { requiredKeys: [] },
  );

  it('changes exactly the fields sent; the others keep their values (property)', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(patchArbitrary, fc.boolean(), async (patch, withImage) => {
        runs += 1;
        const jam = await insertJam(env.db, {
          name: `Patch property ${runs}`,
          body: `Body ${runs}`,
          imageUrl: withImage ? `https://example.com/original-${runs}.png` : null,
          mystery: runs % 2 === 0,
          featured: runs % 3 === 0,
        });
        const before = await jamRow(jam.id);
        const reply = await env.request(`/api/jams/${jam.slug}`, { method: 'PATCH', body: patch, as: admin });
        const after = await jamRow(jam.id);
        expect(untouchable(after)).toEqual(untouchable(before));

        const starts = new Date(patch.startsAt ?? before.startsAt).getTime();
        const ends = new Date(patch.endsAt ?? before.endsAt).getTime();
        if (ends <= starts) {
          expect(reply.status, JSON.stringify(patch)).toBe(400);
          expect(reply.body.error.message).toContain('The end must be after the start.');
          expect(after).toEqual(before);
          return;
        }
        expect(reply.status, `${JSON.stringify(patch)} → ${JSON.stringify(reply.body)}`).toBe(200);
        const sent: Partial<ReturnType<typeof editable>> = {};
        if ('name' in patch) sent.name = patch.name;
        if ('description' in patch) sent.description = patch.description;
        if ('body' in patch) sent.body = patch.body ?? '';
        if ('imageUrl' in patch) sent.imageUrl = patch.imageUrl || null;
        if ('startsAt' in patch) sent.startsAt = patch.startsAt;
        if ('endsAt' in patch) sent.endsAt = patch.endsAt;
        expect(editable(after), JSON.stringify(patch)).toEqual({ ...editable(before), ...sent });
        if (!('name' in patch)) expect(after.slug).toBe(before.slug);
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});

describe('PATCH /api/jam-requests/{id}', () => {
  const requestRow = async (id: number) => (await env.db.select().from(jamRequests).where(eq(jamRequests.id, id)))[0]!;
  const requestEditable = (request: JamRequest) => ({
    name: request.name,
    description: request.description,
    body: request.body,
    imageUrl: request.imageUrl,
    startsAt: request.startsAt.toISOString(),
    endsAt: request.endsAt.toISOString(),
    mystery: request.mystery,
  });
  const text = (max: number) =>
    fc.stringMatching(new RegExp(`^[A-Za-z0-9][A-Za-z0-9 ,.!?'-]{0,${max - 2}}[A-Za-z0-9.!?]$`)).filter((s) => s.length <= max);
  const moment = fc.integer({ min: -72, max: 72 }).map((hours) => new Date(Date.now() + hours * HOUR + 1000).toISOString());
  const requestPatch = fc.record(
    {
      name: fc.oneof(text(40), fc.constant(null)),
      description: text(120),
      body: fc.oneof(fc.string({ maxLength: 200 }), fc.constant(null)),
      imageUrl: fc.oneof(
        fc.constant(null),
        fc.constant(''),
        fc.nat(999).map((n) => `https://example.com/${n}.png`),
      ),
      startsAt: moment,
      endsAt: moment,
      mystery: fc.oneof(fc.boolean(), fc.constant(null)),
    },
    { requiredKeys: [] },
  );

  it('changes exactly the fields sent; the others, the note and the status keep their values (property)', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(requestPatch, fc.boolean(), async (patch, withImage) => {
        runs += 1;
        const requester = await env.login(`patch_asker_${runs}`);
        const request = await insertJamRequest(env.db, requester.id, {
          imageUrl: withImage ? `https://example.com/original-${runs}.png` : null,
          mystery: runs % 2 === 0,
        });
        const before = await requestRow(request.id);
        const reply = await env.request(`/api/jam-requests/${request.id}`, { method: 'PATCH', body: patch, as: admin });
        const after = await requestRow(request.id);
        const fixed = (row: JamRequest) => ({
          note: row.note,
          status: row.status,
          requesterId: row.requesterId,
          createdAt: row.createdAt,
        });
        expect(fixed(after)).toEqual(fixed(before));

        if (patch.name === null || patch.mystery === null) {
          expect(reply.status, JSON.stringify(patch)).toBe(400);
          expect(after).toEqual(before);
          return;
        }
        const starts = new Date(patch.startsAt ?? before.startsAt).getTime();
        const ends = new Date(patch.endsAt ?? before.endsAt).getTime();
        if (ends <= starts) {
          expect(reply.status, JSON.stringify(patch)).toBe(400);
          expect(reply.body.error.message).toContain('The end must be after the start.');
          expect(after).toEqual(before);
          return;
        }
        expect(reply.status, `${JSON.stringify(patch)} → ${JSON.stringify(reply.body)}`).toBe(200);
        const sent: Partial<ReturnType<typeof requestEditable>> = {};
        if (patch.name !== undefined) sent.name = patch.name;
        if ('description' in patch) sent.description = patch.description;
        if ('body' in patch) sent.body = patch.body ?? '';
        if ('imageUrl' in patch) sent.imageUrl = patch.imageUrl || null;
        if ('startsAt' in patch) sent.startsAt = patch.startsAt;
        if ('endsAt' in patch) sent.endsAt = patch.endsAt;
        if (patch.mystery !== undefined) sent.mystery = patch.mystery;
        expect(requestEditable(after), JSON.stringify(patch)).toEqual({ ...requestEditable(before), ...sent });
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});

describe('PATCH /api/users/{id}', () => {
  const flagsPatch = fc.record(
    { isAdmin: fc.oneof(fc.boolean(), fc.constant(null)), isBanned: fc.oneof(fc.boolean(), fc.constant(null)) },
    { requiredKeys: [] },
  );

  it('changes exactly the flags sent; the other keeps its value; null and an empty body are refused (property)', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(flagsPatch, fc.boolean(), fc.boolean(), async (patch, isAdmin, isBanned) => {
        runs += 1;
        const target = await env.login(`patch_user_${runs}`, { isAdmin, isBanned });
        const before = await userRow(target.id);
        const reply = await env.request(`/api/users/${target.id}`, { method: 'PATCH', body: patch, as: admin });
        const after = await userRow(target.id);
        expect({ id: after.id, name: after.name, createdAt: after.createdAt }).toEqual({
          id: before.id,
          name: before.name,
          createdAt: before.createdAt,
        });

        const values = Object.values(patch);
        if (values.length === 0 || values.includes(null)) {
          expect(reply.status, JSON.stringify(patch)).toBe(400);
          expect(reply.body.error).toMatchObject({ status: 400, code: 'invalid_input' });
          expect(after).toEqual(before);
          return;
        }
        expect(reply.status, `${JSON.stringify(patch)} → ${JSON.stringify(reply.body)}`).toBe(200);
        expect({ isAdmin: after.isAdmin, isBanned: after.isBanned }, JSON.stringify(patch)).toEqual({
          isAdmin: patch.isAdmin ?? before.isAdmin,
          isBanned: patch.isBanned ?? before.isBanned,
        });
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
