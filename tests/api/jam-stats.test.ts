import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Environment, type TestUser, startEnvironment } from '../helpers/environment';
import { insertEntry, insertJam, insertVote } from '../helpers/factories';

let env: Environment;
let maker: TestUser, voter: TestUser;

beforeAll(async () => {
  env = await startEnvironment();
  maker = await env.login('stats_maker');
  voter = await env.login('stats_voter');
});
afterAll(() => env?.close());

async function jamWithVotes(status: 'upcoming' | 'ongoing' | 'ended', extra: { mystery?: boolean } = {}) {
  const jam = await insertJam(env.db, { status, ...extra });
  const first = await insertEntry(env.db, jam.id, maker.id, 810_000_000 + jam.id * 10);
  const second = await insertEntry(env.db, jam.id, voter.id, 810_000_001 + jam.id * 10);
  await insertVote(env.db, jam.id, first.id, voter.id);
  await insertVote(env.db, jam.id, second.id, maker.id);
  return jam;
}

describe('GET /api/jams/{slug}/stats', () => {
  it('answers the entry count to anyone and keeps the vote count private while the jam runs', async () => {
    const jam = await jamWithVotes('ongoing');
    const reply = await env.request(`/api/jams/${jam.slug}/stats`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ entryCount: 2, voteCount: null, resultsPublic: false });
  });

  it('shows the vote count once the jam is over', async () => {
    const jam = await jamWithVotes('ended');
    expect((await env.request(`/api/jams/${jam.slug}/stats`)).body).toEqual({ entryCount: 2, voteCount: 2, resultsPublic: true });
  });

  it('hides nothing more in mystery mode than the jam answer does (its body), and no votes before the start', async () => {
    const jam = await insertJam(env.db, { status: 'upcoming', mystery: true });
    expect((await env.request(`/api/jams/${jam.slug}/stats`)).body).toEqual({
      entryCount: 0,
      voteCount: null,
      resultsPublic: false,
    });
    expect((await env.request(`/api/jams/${jam.slug}`)).body).toMatchObject({ entryCount: 0, body: null });
  });

  it('answers 404 in the error shape for a jam that does not exist', async () => {
    const reply = await env.request('/api/jams/no-such-jam/stats');
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ error: { status: 404, code: 'not_found', message: 'There is no game jam at this address.' } });
  });

  it('is in the OpenAPI document, with the session-free security of a public read', async () => {
    const document = (await env.request('/api/openapi.json')).body;
    expect(document.paths['/api/jams/{slug}/stats'].get).toMatchObject({
      summary: 'How many entries and votes a jam has',
      security: [],
      responses: { 200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/JamStats' } } } }, 404: {} },
    });
    expect(document.components.schemas.JamStats.required).toEqual(['entryCount', 'voteCount', 'resultsPublic']);
  });

  it('is listed on the /developers API reference', async () => {
    const page = await env.request('/developers');
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain('id="getApiJamsSlugStats"');
    expect(String(page.body)).toContain('/api/jams/{slug}/stats');
  });
});
