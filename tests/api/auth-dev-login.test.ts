import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#db/schema';
import { type Environment, startEnvironment } from '../helpers/environment';
import { Browser } from './auth-browser';

let env: Environment;

beforeAll(async () => {
  env = await startEnvironment({ ITINERARY_DEV_LOGIN: '1' });
});
afterAll(() => env?.close());

describe('the offline development login (ITINERARY_DEV_LOGIN=1)', () => {
  it('shows a warning banner and a "Sign in as any username" form on /login', async () => {
    const page = await new Browser(env.app.url).get('/login');
    expect(page.text).toContain(
      'Development login is on: anyone can sign in as any username, without a password. Never enable ITINERARY_DEV_LOGIN on a public server.',
    );
    expect(page.text).toContain('Sign in as any username');
    expect(page.text).toContain('action="/api/auth/dev-login"');
  });

  it('signs in as any username through the same confirmation step, without asking Scratch', async () => {
    env.fakes.scratchApi.setMode('down');
    env.fakes.scratchAuth.setMode('down');
    const browser = new Browser(env.app.url);
    const signedIn = await browser.post('/api/auth/dev-login', { username: 'offline_tester', locale: 'hu' });
    expect(signedIn.status).toBe(303);
    expect(signedIn.location).toMatch(/^\/hu\/confirm-login\?token=[a-z2-7]{32}$/);
    const token = new URL(signedIn.location!, env.app.url).searchParams.get('token')!;
    expect((await browser.post('/api/auth/confirm', { token, locale: 'hu' })).location).toBe('/hu');
    const me = await browser.get('/api/auth/me');
    expect(JSON.parse(me.text)).toMatchObject({ name: 'offline_tester', isAdmin: false });
  });

  it('keeps the stored spelling of an existing user', async () => {
    await env.db.insert(users).values({ name: 'Demo_Admin', isAdmin: true });
    const browser = new Browser(env.app.url);
    const signedIn = await browser.post('/api/auth/dev-login', { username: 'demo_admin' });
    const token = new URL(signedIn.location!, env.app.url).searchParams.get('token')!;
    await browser.post('/api/auth/confirm', { token });
    expect(JSON.parse((await browser.get('/api/auth/me')).text)).toMatchObject({ name: 'Demo_Admin', isAdmin: true });
    expect(
      await env.db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.name})`, 'demo_admin')),
    ).toHaveLength(1);
  });

  it('still refuses banned users', async () => {
    await env.login('dev_banned', { isBanned: true });
    const reply = await new Browser(env.app.url).post('/api/auth/dev-login', { username: 'dev_banned' });
    expect(reply.location).toBe('/banned/dev_banned');
  });

  it('refuses a name that is not a Scratch username', async () => {
    const reply = await new Browser(env.app.url).post('/api/auth/dev-login', { username: 'no spaces please' });
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.text).error).toMatchObject({
      code: 'invalid_input',
      message: 'username: That is not a valid Scratch username.',
    });
  });
});
