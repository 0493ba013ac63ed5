import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Environment, startEnvironment } from '../helpers/environment';

let env: Environment;
beforeAll(async () => {
  env = await startEnvironment();
});
afterAll(() => env?.close());

describe('the site shell on the server', () => {
  it('redirects / to the locale of the cookie or the browser, and nothing else', async () => {
    expect((await env.request('/', { headers: { 'accept-language': 'hu-HU,hu;q=0.9' } })).headers.get('location')).toBe('/hu');
    expect(
      (await env.request('/', { headers: { cookie: 'itinerary-locale=ir', 'accept-language': 'hu' } })).headers.get('location'),
    ).toBe('/ir');
    expect((await env.request('/', { headers: { 'accept-language': 'en-GB' } })).status).toBe(200);
    expect((await env.request('/about', { headers: { 'accept-language': 'hu' } })).status).toBe(200);
  });

  it("answers unknown pages with the 404 screen in the visitor's language", async () => {
    const english = await env.request('/no-such-page');
    expect(english.status).toBe(404);
    expect(english.body).toContain('This page could not be found');
    const hungarian = await env.request('/hu/no-such-page');
    expect(hungarian.status).toBe(404);
    expect(hungarian.body).toContain('lang="hu"');
    expect(hungarian.body).toContain('Ez az oldal nem található');
  });

  it('serves the contributors from the code host fake', async () => {
    const reply = await env.request('/api/contributors');
    expect(reply.status).toBe(200);
    expect(reply.body.contributors[0]).toMatchObject({ name: 'pixel_pioneer', contributions: 42 });
  });
});

describe('the contributors when the code host is down', () => {
  let down: Environment;
  beforeAll(async () => {
    down = await startEnvironment({ CONTRIBUTORS_URL: 'http://127.0.0.1:9/contributors' });
  });
  afterAll(() => down?.close());

  it('answers 502 with the could-not-be-fetched message in the error shape', async () => {
    const reply = await down.request('/api/contributors');
    expect(reply.status).toBe(502);
    expect(reply.body.error).toMatchObject({ status: 502, code: 'upstream_unavailable' });
    expect(reply.body.error.message).toContain('could not be fetched');
  });
});

describe('the external links when they are configured', () => {
  let configured: Environment;
  beforeAll(async () => {
    configured = await startEnvironment({
      SOURCE_CODE_URL: 'https://code.example/our/site/',
      ORIGINAL_FRONTEND_SOURCE_URL: 'https://code.example/earlier/front',
      ORIGINAL_SERVER_SOURCE_URL: 'https://code.example/earlier/server',
      FEEDBACK_URL: 'https://talk.example/itinerary',
    });
  });
  afterAll(() => configured?.close());

  it('puts the three repositories, the issue tracker and the feedback page in the footer and the navigation', async () => {
    const page = await configured.request('/explore');
    expect(page.status).toBe(200);
    const footer = String(page.body).slice(String(page.body).indexOf('<footer'));
    for (const href of [
      'https://code.example/our/site',
      'https://code.example/earlier/front',
      'https://code.example/earlier/server',
      'https://code.example/our/site/issues/new',
      'https://talk.example/itinerary',
    ]) {
      expect(footer).toContain(`href="${href}"`);
    }
    expect(footer).toContain('Source code of this site');
    expect(footer).toContain('Source code of the earlier Itinerary: front end');
    expect(footer).toContain('Source code of the earlier Itinerary: server');
    const nav = String(page.body).slice(0, String(page.body).indexOf('<main'));
    expect(nav).toContain('href="https://talk.example/itinerary"');
  });

  it('sends "Create an issue" on the error screen to the configured repository', async () => {
    const missing = await configured.request('/no-such-page');
    expect(missing.body).toContain('href="https://code.example/our/site/issues/new"');
  });
});
