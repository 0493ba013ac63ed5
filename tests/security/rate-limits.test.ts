/**
 * Per-user rate limits on submitting, voting and plays: the deadline rush passes (each user 2 submissions
 * and 20 votes within a minute, as the spike benchmark sends them), a flood gets 429 with
 * Retry-After in the API's error shape. Login is limited per address (tests/api/auth-rate-limit).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { entries } from '#db/schema';
import { type Environment, type TestUser, startEnvironment, type Parsed } from '../helpers/environment';
import { insertEntry, insertJam } from '../helpers/factories';
import { RATE_LIMITS } from '#server/http/rate-limits';

let env: Environment;
let scratchIds = 600_000_000;

beforeAll(async () => {
  env = await startEnvironment();
});
afterAll(() => env?.close());

/** A user the fake Scratch knows, with a project of their own. */
async function scratcher(name: string): Promise<{ user: TestUser; projectUrl: () => string }> {
  const user = await env.login(name);
  return {
    user,
    projectUrl: () => {
      const id = (scratchIds += 1);
      env.fakes.scratchApi.projects.push({ id, title: `Game ${id}`, author: name, shared: true });
      return `https://scratch.mit.edu/projects/${id}`;
    },
  };
}

function expectRateLimited(reply: { status: number; headers: Headers; body: Parsed }, what: string) {
  expect(reply.status).toBe(429);
  const wait = Number(reply.headers.get('retry-after'));
  expect(wait).toBeGreaterThanOrEqual(1);
  expect(reply.body).toEqual({
    error: {
      status: 429,
      code: 'rate_limited',
      message: `Too many ${what}. Please wait ${wait} ${wait === 1 ? 'second' : 'seconds'} and try again.`,
      retryAfter: wait,
    },
  });
}

describe('the deadline rush', () => {
  it('lets every user submit twice and vote 20 times within a minute', async () => {
    const people = await Promise.all(['rush_a', 'rush_b', 'rush_c'].map(scratcher));
    const jams = await Promise.all([0, 1].map(() => insertJam(env.db)));
    for (const person of people) {
      for (const jam of jams) {
        const reply = await env.request(`/api/jams/${jam.slug}/entries`, {
          method: 'POST',
          as: person.user,
          body: { url: person.projectUrl() },
        });
        expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      }
    }
    const entrants = await Promise.all(['rush_x', 'rush_y', 'rush_z'].map((name) => env.login(name)));
    const entries = await Promise.all(
      entrants.map((entrant, n) => insertEntry(env.db, jams[0]!.id, entrant.id, (scratchIds += 1) + n * 1000)),
    );
    for (const person of people) {
      for (let n = 0; n < 20; n++) {
        const entry = entries[n % 3]!;
        const method = n % 2 === 0 ? 'PUT' : 'DELETE';
        const reply = await env.request(`/api/jams/${jams[0]!.slug}/entries/${entry.id}/vote`, { method, as: person.user });
        expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      }
    }
  });
});

describe('a flood', () => {
  it(`of submissions is cut after ${RATE_LIMITS.submissions.capacity} a minute with 429 and Retry-After, before Scratch is asked`, async () => {
    const { user } = await scratcher('flood_submitter');
    const jam = await insertJam(env.db);
    const url = 'https://scratch.mit.edu/projects/100000002'; // not theirs: refused, but still counted
    for (let n = 0; n < RATE_LIMITS.submissions.capacity; n++) {
      expect((await env.request(`/api/jams/${jam.slug}/entries`, { method: 'POST', as: user, body: { url } })).status).toBe(403);
    }
    expectRateLimited(
      await env.request(`/api/jams/${jam.slug}/entries`, { method: 'POST', as: user, body: { url } }),
      'submissions',
    );
    // Someone else is not held up by it.
    const other = await scratcher('calm_submitter');
    expect(
      (await env.request(`/api/jams/${jam.slug}/entries`, { method: 'POST', as: other.user, body: { url: other.projectUrl() } }))
        .status,
    ).toBe(201);
  });

  it(`of votes is cut after ${RATE_LIMITS.votes.capacity} a minute, casting and taking back together`, async () => {
    const voter = await env.login('flood_voter');
    const owner = await env.login('flood_owner');
    const jam = await insertJam(env.db);
    const entry = await insertEntry(env.db, jam.id, owner.id, (scratchIds += 1));
    const path = `/api/jams/${jam.slug}/entries/${entry.id}/vote`;
    const startedAt = Date.now();
    const replies = await Promise.all(
      Array.from({ length: RATE_LIMITS.votes.capacity }, (_, n) =>
        env.request(path, { method: n % 2 ? 'DELETE' : 'PUT', as: voter }),
      ),
    );
    expect(replies.map((reply) => reply.status)).toEqual(replies.map(() => 200));
    // The bucket refills one vote per second: a slow machine may earn a few more before the cut.
    let extra = 0;
    let next = await env.request(path, { method: 'PUT', as: voter });
    while (next.status === 200 && extra < 10) {
      extra += 1;
      next = await env.request(path, { method: 'PUT', as: voter });
    }
    const refilled = Math.floor(((Date.now() - startedAt) * RATE_LIMITS.votes.capacity) / RATE_LIMITS.votes.perMs);
    expect(extra).toBeLessThanOrEqual(refilled);
    expectRateLimited(next, 'votes');
    expect((await env.request(path, { method: 'PUT', as: owner })).status).toBe(403); // own project, not the limit
  });

  it(`of plays is cut after ${RATE_LIMITS.plays.capacity} a minute, with the play already counted once`, async () => {
    const player = await env.login('flood_player');
    const owner = await env.login('flood_played');
    const jam = await insertJam(env.db);
    const entry = await insertEntry(env.db, jam.id, owner.id, (scratchIds += 1));
    const path = `/api/jams/${jam.slug}/entries/${entry.id}/play`;
    const startedAt = Date.now();
    const replies = await Promise.all(
      Array.from({ length: RATE_LIMITS.plays.capacity }, () => env.request(path, { method: 'PUT', as: player })),
    );
    expect(replies.map((reply) => reply.status)).toEqual(replies.map(() => 204));
    let extra = 0;
    let next = await env.request(path, { method: 'PUT', as: player });
    while (next.status === 204 && extra < 10) {
      extra += 1;
      next = await env.request(path, { method: 'PUT', as: player });
    }
    const refilled = Math.floor(((Date.now() - startedAt) * RATE_LIMITS.plays.capacity) / RATE_LIMITS.plays.perMs);
    expect(extra).toBeLessThanOrEqual(refilled);
    expectRateLimited(next, 'plays');
    expect((await env.db.select().from(entries).where(eq(entries.id, entry.id)))[0]!.playCount).toBe(1);
  });

  it(`of reports is cut after ${RATE_LIMITS.reports.capacity} a minute, jams and entries together`, async () => {
    const reporter = await env.login('flood_reporter');
    const owner = await env.login('flood_reported');
    const jam = await insertJam(env.db);
    const entry = await insertEntry(env.db, jam.id, owner.id, (scratchIds += 1));
    const paths = [`/api/jams/${jam.slug}/report`, `/api/jams/${jam.slug}/entries/${entry.id}/report`];
    const startedAt = Date.now();
    const replies = await Promise.all(
      Array.from({ length: RATE_LIMITS.reports.capacity }, (_, n) =>
        env.request(paths[n % 2]!, { method: 'POST', as: reporter, body: { reason: 'spam' } }),
      ),
    );
    // Two new reports, the rest answer them again: one open report per person per item.
    expect(replies.map((reply) => reply.status).sort()).toEqual([...replies.slice(2).map(() => 200), 201, 201]);
    let extra = 0;
    let next = await env.request(paths[0]!, { method: 'POST', as: reporter, body: { reason: 'spam' } });
    while (next.status === 200 && extra < 10) {
      extra += 1;
      next = await env.request(paths[0]!, { method: 'POST', as: reporter, body: { reason: 'spam' } });
    }
    const refilled = Math.floor(((Date.now() - startedAt) * RATE_LIMITS.reports.capacity) / RATE_LIMITS.reports.perMs);
    expect(extra).toBeLessThanOrEqual(refilled);
    expectRateLimited(next, 'reports');
    expect((await env.request(paths[0]!, { method: 'POST', as: owner, body: { reason: 'spam' } })).status).toBe(201);
  });
});
