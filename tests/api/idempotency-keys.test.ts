/**
 * Idempotency-Key (issue 54, ADR 047), on a server whose database is a libSQL server: a POST sent
 * again with its key answers the first answer and stores nothing more; with another body, 422; two
 * at once store one; and a server killed between the commit and the answer leaves the key with the
 * write, so the retry through another server stores nothing twice.
 */
import { count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, jams } from '#db/schema';
import { exampleJamCreate } from '#server/openapi/examples';
import { type RunningApp, startApp } from '../helpers/app';
import { type Environment, type TestUser, startEnvironment } from '../helpers/environment';

let env: Environment;
let admin: TestUser;
let other: TestUser;
let second: RunningApp | undefined;

beforeAll(async () => {
  env = await startEnvironment({}, { remote: true });
  admin = await env.login('keys_admin', { isAdmin: true });
  other = await env.login('keys_other', { isAdmin: true });
});
afterAll(async () => {
  await second?.stop();
  await env?.close();
});

let made = 0;
const day = 24 * 60 * 60 * 1000;
/** A jam's body with a name of its own: a second create with it would make `{slug}-2`. */
function newJam() {
  made += 1;
  const startsAt = new Date(Date.now() + 2 * day);
  return {
    ...exampleJamCreate,
    name: `Keyed Jam ${made}`,
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + 7 * day).toISOString(),
  };
}
const jamsNamed = async (name: string) =>
  (
    await env.db
      .select({ n: count() })
      .from(jams)
      .where(like(jams.name, `${name}%`))
  )[0]!.n;
const create = (body: unknown, key: string | null, as = admin, app = env.app) =>
  fetch(`${app.url}/api/jams`, {
    method: 'POST',
    headers: {
      origin: app.url,
      'content-type': 'application/json',
      ...as.headers,
      ...(key === null ? {} : { 'idempotency-key': key }),
    },
    body: JSON.stringify(body),
  });

describe('a POST with an Idempotency-Key', () => {
  it('answers the first answer again to the same key and body, and stores one jam', async () => {
    const body = newJam();
    const first = await create(body, 'create-once');
    expect(first.status).toBe(201);
    const firstBody = await first.json();
    const again = await create(body, 'create-once');
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('location')).toBe(first.headers.get('location'));
    expect(await again.json()).toEqual(firstBody);
    expect(await jamsNamed(body.name)).toBe(1);
  });

  it('refuses the same key with another body with 422, in the API’s error shape, and stores nothing', async () => {
    const body = newJam();
    expect((await create(body, 'reused-key')).status).toBe(201);
    const reused = await create({ ...body, description: 'Another jam altogether.' }, 'reused-key');
    expect(reused.status).toBe(422);
    expect(await reused.json()).toEqual({
      error: {
        status: 422,
        code: 'idempotency_key_reused',
        message: 'This Idempotency-Key was already used for a different request. Send a new key with each new request.',
      },
    });
    expect(await jamsNamed(body.name)).toBe(1);
  });

  it('keeps each person’s keys apart, and without a key every POST is carried out', async () => {
    const body = newJam();
    expect((await create(body, 'shared-key')).status).toBe(201);
    const theirs = await create(body, 'shared-key', other);
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect((await create(body, null)).status).toBe(201);
    expect(await jamsNamed(body.name)).toBe(3);
  });

  it('stores one jam when the same keyed request arrives twice at once', async () => {
    const body = newJam();
    const answers = await Promise.all([create(body, 'at-once'), create(body, 'at-once'), create(body, 'at-once')]);
    const statuses = answers.map((answer) => answer.status).sort();
    // The first to write wins; the others hear its answer (201) or that it is still being answered (409).
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    expect(await jamsNamed(body.name)).toBe(1);
  });

  it('refuses a malformed key with 400, and documents the header, 409 and 422 in OpenAPI', async () => {
    expect((await create(newJam(), 'x'.repeat(300))).status).toBe(400);
    const document = (await (await fetch(`${env.app.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; responses: object }>>;
    };
    const operation = document.paths['/api/jams']!.post!;
    expect(operation.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }));
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['409', '422']));
    expect(document.paths['/api/jams']!.get!.parameters ?? []).not.toContainEqual(
      expect.objectContaining({ name: 'Idempotency-Key' }),
    );
  });

  it('stores nothing twice when the server is killed between the commit and the answer and the retry goes to another', async () => {
    const body = newJam();
    const killed = env.app;
    // Killed once sqld has committed the jam's write, before the server hears that it did.
    env.roundTrips!.setBeforeAnswer(async (sql) => {
      if (!/insert into "idempotency_keys"/.test(sql)) return;
      env.roundTrips!.setBeforeAnswer(null);
      await killed.stop('SIGKILL');
    });
    const lost = await create(body, 'killed-mid-answer').then(
      (answer) => answer.status,
      () => 'no answer',
    );
    expect(lost).toBe('no answer');
    expect(await jamsNamed(body.name)).toBe(1);
    expect((await env.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'killed-mid-answer')))[0]).toMatchObject({
      status: null,
    });

    second = await startApp({ DATABASE_URL: env.databaseUrl, ...env.fakes.env });
    const retried = await create(body, 'killed-mid-answer', admin, second);
    expect(retried.status).toBe(409);
    expect(retried.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await jamsNamed(body.name)).toBe(1);
    // Another body with that key is still another request.
    expect((await create({ ...body, name: `${body.name} other` }, 'killed-mid-answer', admin, second)).status).toBe(422);
  });
});
