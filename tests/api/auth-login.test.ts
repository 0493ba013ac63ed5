import { count, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loginTokens, sessions, users } from '#db/schema';
import { type Environment, startEnvironment } from '../helpers/environment';
import { Browser, type Page, cookieAttributes } from './auth-browser';

const FAILED = 'Failed FluffyScratch auth! Keep in mind that the login system currently does not support New Scratchers.';
const SERVER_ERROR = 'The servers could not communicate with the auth provider and/or the Scratch API. Please try again later.';

let env: Environment;
let callback: string;

beforeAll(async () => {
  env = await startEnvironment();
  callback = `${new URL(env.app.url).host}/api/auth/callback`;
});
afterEach(() => {
  env.fakes.scratchAuth.setMode('ok');
  env.fakes.scratchApi.setMode('ok');
});
afterAll(() => env?.close());

const base64 = (text: string) => Buffer.from(text).toString('base64');
const countRows = async (table: typeof users | typeof sessions | typeof loginTokens) =>
  (await env.db.select({ n: count() }).from(table))[0]!.n;
const userNamed = (name: string) => env.db.query.users.findFirst({ where: eq(sql`lower(${users.name})`, name.toLowerCase()) });

/** A code the provider issued, as if someone approved the login there. */
async function issueCode(username: string, redirect = callback): Promise<string> {
  const response = await fetch(`${env.fakes.scratchAuth.url}/__codes`, {
    method: 'POST',
    body: JSON.stringify({ username, redirect }),
  });
  return ((await response.json()) as { privateCode: string }).privateCode;
}

/** Log in with Scratch → the provider's page → approve as `username` → back to our callback. */
async function throughProvider(browser: Browser, username: string, startPath = '/api/auth/login'): Promise<Page> {
  const start = await browser.get(startPath);
  expect(start.status).toBe(302);
  const provider = new URL(start.location!);
  const approved = await browser.get(
    `${env.fakes.scratchAuth.url}/auth/approve?${new URLSearchParams({ redirect: provider.searchParams.get('redirect')!, username })}`,
  );
  return browser.get(approved.location!);
}

const tokenOf = (page: Page) => new URL(page.location!, env.app.url).searchParams.get('token')!;

describe('logging in with Scratch', () => {
  it('sends the browser to the provider with our callback as base64 of host and path, named Itinerary', async () => {
    const start = await new Browser(env.app.url).get('/api/auth/login');
    expect(start.status).toBe(302);
    const provider = new URL(start.location!);
    expect(`${provider.origin}${provider.pathname}`).toBe(`${env.fakes.scratchAuth.url}/auth/`);
    expect(provider.searchParams.get('redirect')).toBe(base64(callback));
    expect(provider.searchParams.get('name')).toBe('Itinerary');
  });

  it('logs a Scratcher in: the callback leads to the confirmation, Confirm sets a session /api/auth/me accepts', async () => {
    const browser = new Browser(env.app.url);
    const back = await throughProvider(browser, 'pixel_pioneer');
    expect(back.status).toBe(302);
    expect(back.location).toMatch(/^\/confirm-login\?token=[a-z2-7]{32}$/);

    const confirmPage = await browser.get(back.location!);
    expect(confirmPage.status).toBe(200);
    expect(confirmPage.text).toContain('Log in as pixel_pioneer');
    expect(confirmPage.text).toContain('/api/user/pixel_pioneer/picture');
    expect(browser.cookie('itinerary-token')).toBeUndefined();

    const confirmed = await browser.post('/api/auth/confirm', { token: tokenOf(back), locale: 'en' });
    expect(confirmed.status).toBe(303);
    expect(confirmed.location).toBe('/');
    const cookie = cookieAttributes(confirmed.setCookies, 'itinerary-token')!;
    expect(cookie).toMatchObject({ path: '/', httponly: 'true', samesite: 'Lax' });
    expect(cookie.secure).toBeUndefined();
    const days = (new Date(cookie.expires!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    const me = await browser.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(JSON.parse(me.text)).toMatchObject({ name: 'pixel_pioneer', isAdmin: false, isBanned: false });
  });

  it('stores only the hash of the session token', async () => {
    const browser = new Browser(env.app.url);
    const back = await throughProvider(browser, 'sprite_smith');
    await browser.post('/api/auth/confirm', { token: tokenOf(back) });
    const token = browser.cookie('itinerary-token')!;
    const stored = await env.db.select({ id: sessions.id }).from(sessions);
    expect(stored.some((row) => row.id === token)).toBe(false);
    expect(stored.some((row) => /^[0-9a-f]{64}$/.test(row.id))).toBe(true);
  });

  it('creates the user once, in the spelling Scratch uses, whatever case was typed', async () => {
    for (const typed of ['griffthegreat', 'GRIFFTHEGREAT']) {
      const browser = new Browser(env.app.url);
      const back = await throughProvider(browser, typed);
      expect(back.location).toMatch(/^\/confirm-login\?token=/);
    }
    const rows = await env.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.name})`, 'griffthegreat'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.name).toBe('GriffTheGreat');
    expect(rows[0]!.avatarUrl).toBe('https://cdn2.scratch.mit.edu/get_image/user/1007_90x90.png');
  });

  it('keeps the language the login started in', async () => {
    const browser = new Browser(env.app.url);
    const back = await throughProvider(browser, 'block_builder', '/api/auth/login?locale=hu');
    expect(back.location).toMatch(/^\/hu\/confirm-login\?token=/);
    const page = await browser.get(back.location!);
    expect(page.text).toContain('Bejelentkezés block_builder néven');
    const confirmed = await browser.post('/api/auth/confirm', { token: tokenOf(back), locale: 'hu' });
    expect(confirmed.location).toBe('/hu');
  });
});

describe('refused logins', () => {
  it('refuses a code the provider issued for another site (wrong redirect)', async () => {
    const browser = new Browser(env.app.url);
    await browser.get('/api/auth/login');
    const code = await issueCode('loop_legend', 'evil.example/api/auth/callback');
    const back = await browser.get(`/api/auth/callback?privateCode=${code}`);
    expect(back.location).toBe('/login?error=auth-failed');
    expect(await userNamed('loop_legend')).toBeUndefined();
  });

  it('refuses a replayed privateCode even when the provider would accept it again', async () => {
    const first = new Browser(env.app.url);
    await first.get('/api/auth/login');
    const code = await issueCode('cat_coder');
    expect((await first.get(`/api/auth/callback?privateCode=${code}`)).location).toMatch(/^\/confirm-login\?token=/);

    env.fakes.scratchAuth.codes.set(code, { username: 'cat_coder', redirect: callback });
    const second = new Browser(env.app.url);
    await second.get('/api/auth/login');
    const before = await countRows(loginTokens);
    expect((await second.get(`/api/auth/callback?privateCode=${code}`)).location).toBe('/login?error=auth-failed');
    expect(await countRows(loginTokens)).toBe(before);
  });

  it('refuses a callback in a browser that did not start the login (login CSRF)', async () => {
    const victim = new Browser(env.app.url);
    const code = await issueCode('loop_legend');
    const back = await victim.get(`/api/auth/callback?privateCode=${code}`);
    expect(back.location).toBe('/login?error=auth-failed');
    expect(victim.cookie('itinerary-login')).toBeUndefined();
    expect(victim.cookie('itinerary-token')).toBeUndefined();
  });

  it('uses the state of a started login only once', async () => {
    const browser = new Browser(env.app.url);
    const back = await throughProvider(browser, 'pixel_pioneer');
    expect(back.location).toMatch(/^\/confirm-login/);
    const code = await issueCode('pixel_pioneer');
    expect((await browser.get(`/api/auth/callback?privateCode=${code}`)).location).toBe('/login?error=auth-failed');
  });

  it('answers auth-failed, not server-error, when the provider refuses the code with 403 as the real one does', async () => {
    const unknown = await fetch(`${env.fakes.scratchAuth.url}/api/auth/verifyToken?privateCode=nobody-issued-this`);
    expect(unknown.status).toBe(403);
    expect(await unknown.json()).toEqual({ valid: false, username: null, redirect: null });

    const browser = new Browser(env.app.url);
    await browser.get('/api/auth/login');
    const usersBefore = await countRows(users);
    expect((await browser.get('/api/auth/callback?privateCode=nobody-issued-this')).location).toBe('/login?error=auth-failed');
    expect(await countRows(users)).toBe(usersBefore);
  });

  it('refuses New Scratchers with the failed-auth message code', async () => {
    const back = await throughProvider(new Browser(env.app.url), 'fresh_sprout');
    expect(back.location).toBe('/login?error=auth-failed');
    expect(await userNamed('fresh_sprout')).toBeUndefined();
  });

  it('refuses a callback without a code', async () => {
    const browser = new Browser(env.app.url);
    await browser.get('/api/auth/login');
    expect((await browser.get('/api/auth/callback')).location).toBe('/login?error=auth-failed');
  });

  it('sends a banned user to the banned page without a login token', async () => {
    const banned = await env.login('MixedCase_Maker', { isBanned: true });
    const before = await countRows(loginTokens);
    const back = await throughProvider(new Browser(env.app.url), 'mixedcase_maker');
    expect(back.location).toBe('/banned/MixedCase_Maker');
    expect(await countRows(loginTokens)).toBe(before);
    const page = await new Browser(env.app.url).get(back.location!);
    expect(page.status).toBe(200);
    expect(page.text).toContain('You are banned from Itinerary! You can still continue to use the website logged out.');
    expect(banned.name).toBe('MixedCase_Maker');
  });

  it.each([
    ['the provider is down', () => env.fakes.scratchAuth.setMode('down')],
    ['the Scratch API is down', () => env.fakes.scratchApi.setMode('down')],
    ['the provider does not answer (timeout)', () => env.fakes.scratchAuth.setMode('hang')],
    ['the provider answers a web page instead of JSON', () => env.fakes.scratchAuth.setMode('garbage')],
    ['the Scratch API answers a web page instead of JSON', () => env.fakes.scratchApi.setMode('garbage')],
  ])(
    'answers server-error and creates nobody when %s',
    async (_, breakIt) => {
      const browser = new Browser(env.app.url);
      await browser.get('/api/auth/login');
      const code = await issueCode('loop_legend');
      breakIt();
      const [usersBefore, tokensBefore] = [await countRows(users), await countRows(loginTokens)];
      const back = await browser.get(`/api/auth/callback?privateCode=${code}`);
      expect(back.location).toBe('/login?error=server-error');
      expect([await countRows(users), await countRows(loginTokens)]).toEqual([usersBefore, tokensBefore]);
    },
    20_000,
  );
});

describe('the one-time login token', () => {
  it('works once: a second Confirm shows the expired message and makes no session', async () => {
    const browser = new Browser(env.app.url);
    const back = await throughProvider(browser, 'sprite_smith');
    const token = tokenOf(back);
    const jar = new Map(browser.jar);
    expect((await browser.post('/api/auth/confirm', { token })).location).toBe('/');

    const replay = new Browser(env.app.url);
    for (const [k, v] of jar) replay.jar.set(k, v);
    const sessionsBefore = await countRows(sessions);
    const again = await replay.post('/api/auth/confirm', { token });
    expect(again.location).toBe(`/confirm-login?token=${token}`);
    expect(replay.cookie('itinerary-token')).toBeUndefined();
    expect(await countRows(sessions)).toBe(sessionsBefore);
    const page = await replay.get(again.location!);
    expect(page.text).toContain('This login link cannot be used');
    expect(page.text).toContain('href="/login"');
  });

  it('expires within 5 minutes', async () => {
    const browser = new Browser(env.app.url);
    const back = await throughProvider(browser, 'block_builder');
    const stored = await env.db.select().from(loginTokens);
    expect(Math.max(...stored.map((row) => row.expiresAt.getTime())) - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    await env.db.update(loginTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await browser.get(back.location!)).text).toContain('This login link cannot be used');
    await browser.post('/api/auth/confirm', { token: tokenOf(back) });
    expect(browser.cookie('itinerary-token')).toBeUndefined();
  });

  it('works only in the browser that logged in', async () => {
    const back = await throughProvider(new Browser(env.app.url), 'loop_legend');
    const stranger = new Browser(env.app.url);
    expect((await stranger.get(back.location!)).text).toContain('This login link cannot be used');
    await stranger.post('/api/auth/confirm', { token: tokenOf(back) });
    expect(stranger.cookie('itinerary-token')).toBeUndefined();
  });

  it('is discarded by Cancel, which goes back to the login page', async () => {
    const browser = new Browser(env.app.url);
    const back = await throughProvider(browser, 'cat_coder');
    const cancelled = await browser.post('/api/auth/cancel', { token: tokenOf(back), locale: 'ir' });
    expect(cancelled.status).toBe(303);
    expect(cancelled.location).toBe('/ir/login');
    expect(browser.cookie('itinerary-token')).toBeUndefined();
    await browser.post('/api/auth/confirm', { token: tokenOf(back) });
    expect(browser.cookie('itinerary-token')).toBeUndefined();
  });

  it('refuses a confirmation posted from another site', async () => {
    const browser = new Browser(env.app.url);
    const back = await throughProvider(browser, 'pixel_pioneer');
    const response = await fetch(`${env.app.url}/api/auth/confirm`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
        cookie: [...browser.jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      body: new URLSearchParams({ token: tokenOf(back) }).toString(),
    });
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie().some((line) => line.startsWith('itinerary-token='))).toBe(false);
  });
});

describe('the login page', () => {
  it('has the Log in with Scratch button and no development login when ITINERARY_DEV_LOGIN is off', async () => {
    const page = await new Browser(env.app.url).get('/login');
    expect(page.status).toBe(200);
    expect(page.text).toContain('href="/api/auth/login?locale=en"');
    expect(page.text).toContain('Log in with Scratch');
    expect(page.text).not.toContain('Sign in as any username');
  });

  it('refuses the development login when ITINERARY_DEV_LOGIN is off', async () => {
    const reply = await new Browser(env.app.url).post('/api/auth/dev-login', { username: 'someone' });
    expect(reply.status).toBe(404);
    expect(JSON.parse(reply.text).error).toMatchObject({ status: 404, code: 'not_found' });
    expect(await userNamed('someone')).toBeUndefined();
  });

  it('keeps its failure texts in the spec wording', async () => {
    const page = await new Browser(env.app.url).get('/login?error=auth-failed');
    expect(page.text).toContain(FAILED);
    expect(page.text).toContain(SERVER_ERROR);
  });
});
