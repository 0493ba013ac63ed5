import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#db/schema';
import { type Environment, type TestUser, startEnvironment } from '../helpers/environment';

const LAST_ADMIN = 'Itinerary needs at least one administrator. Make someone else an administrator first.';

let env: Environment;
let only: TestUser;

beforeAll(async () => {
  env = await startEnvironment();
  only = await env.login('only_admin', { isAdmin: true });
  // A banned administrator cannot act, so they do not count.
  await env.login('banned_admin', { isAdmin: true, isBanned: true });
});
afterAll(() => env?.close());

const flagsOf = async (id: number) => (await env.db.select().from(users).where(eq(users.id, id)))[0];

describe('the last administrator', () => {
  it.each([
    ['un-admin', { method: 'PATCH', body: { isAdmin: false } }],
    ['ban', { method: 'PATCH', body: { isBanned: true } }],
    ['delete', { method: 'DELETE', body: undefined }],
  ])('cannot %s themself: 409 with a clear message, nothing changes', async (_, call) => {
    const reply = await env.request(`/api/users/${only.id}`, { ...call, as: only });
    expect(reply.status).toBe(409);
    expect(reply.body.error).toMatchObject({ code: 'conflict', message: LAST_ADMIN });
    expect(await flagsOf(only.id)).toMatchObject({ isAdmin: true, isBanned: false });
  });

  it('cannot delete their own account either', async () => {
    const reply = await env.request('/api/me', { method: 'DELETE', body: { name: 'only_admin' }, as: only });
    expect(reply.status).toBe(409);
    expect(reply.body.error.message).toBe(LAST_ADMIN);
    expect(await flagsOf(only.id)).toBeDefined();
  });

  it('can step down once another administrator exists', async () => {
    const second = await env.login('second_admin');
    const promote = await env.request(`/api/users/${second.id}`, { method: 'PATCH', body: { isAdmin: true }, as: only });
    expect(promote.status).toBe(200);
    const stepDown = await env.request(`/api/users/${only.id}`, { method: 'PATCH', body: { isAdmin: false }, as: only });
    expect(stepDown.status).toBe(200);
    expect(stepDown.body.isAdmin).toBe(false);
    // Now second_admin is the last one.
    const refused = await env.request(`/api/users/${second.id}`, { method: 'DELETE', as: second });
    expect(refused.status).toBe(409);
  });
});
