/**
 * Crash safety: concurrent writes, the server killed with SIGKILL in the middle, a restart on the
 * same database file. Every write that was answered 2xx must be there, whole (its audit entry
 * with it), and the file must pass SQLite's integrity check. SIGTERM, by contrast, lets requests
 * already in flight finish before the process exits.
 */
import { Agent, request as httpRequest } from 'node:http';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, jams, sessions, users } from '#db/schema';
import { SESSION_COOKIE, SESSION_LIFETIME_MS, generateSessionToken, hashToken } from '#server/auth/session';
import { type Fakes, startFakes } from '../fakes';
import { type RunningApp, startApp } from '../helpers/app';
import { type TestDatabase, createTestDatabase } from '../helpers/database';
import { type Environment, startEnvironment } from '../helpers/environment';

const WORKERS = 8;
const HOUR = 3_600_000;

describe('a server killed with SIGKILL during concurrent writes', () => {
  let database: TestDatabase;
  let fakes: Fakes;
  let app: RunningApp | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    fakes = await startFakes();
  });
  afterAll(async () => {
    await app?.stop();
    await fakes?.close();
    await database?.cleanup();
  });

  it('keeps every acknowledged write, whole, and an intact database file after a restart', async () => {
    const env = { DATABASE_URL: database.url, ...fakes.env, ITINERARY_ADMINS: 'crash_admin' };
    app = await startApp(env);
    // A session for the bootstrap administrator, written straight into the shared file.
    const [admin] = await database.database.select().from(users).where(eq(users.name, 'crash_admin'));
    const token = generateSessionToken();
    await database.database
      .insert(sessions)
      .values({ id: hashToken(token), userId: admin!.id, expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS) });

    const acknowledged: string[] = [];
    const refused: string[] = [];
    let attempted = 0;
    let killed = false;
    const url = app.url;
    const worker = async (id: number) => {
      for (let n = 0; !killed; n++) {
        const name = `Crash ${id}-${n}`;
        attempted += 1;
        let answer: { status: number; text: string };
        try {
          const response = await fetch(`${url}/api/jams`, {
            method: 'POST',
            headers: { origin: url, 'content-type': 'application/json', cookie: `${SESSION_COOKIE}=${token}` },
            body: JSON.stringify({
              name,
              description: 'Written while the server is about to die.',
              startsAt: new Date(Date.now() + HOUR).toISOString(),
              endsAt: new Date(Date.now() + 2 * HOUR).toISOString(),
            }),
          });
          answer = { status: response.status, text: await response.text() };
        } catch {
          return; // the connection died with the server: this write's fate is unknown, and that is fine
        }
        // Concurrent writes never fail each other: every answer before the kill is a 201.
        if (answer.status === 201) acknowledged.push(name);
        else return void refused.push(`${answer.status} ${answer.text}`);
      }
    };
    const load = Promise.all(Array.from({ length: WORKERS }, (_, id) => worker(id)));
    while (acknowledged.length < 40 && refused.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    // Killed while the workers still send: a write whose answer was still coming when the flag was set
    // first could all be answered before the kill landed (a CI run saw 49 attempted, 49 answered).
    await app.stop('SIGKILL');
    killed = true;
    await load;
    expect(refused).toEqual([]);
    expect(attempted).toBeGreaterThan(acknowledged.length);

    app = await startApp(env);
    const health = await fetch(`${app.url}/api/health`);
    expect(await health.json()).toEqual({ ok: true, database: 'reachable' });

    const check = await database.database.$client.execute('PRAGMA integrity_check');
    expect(check.rows.map((row) => row[0])).toEqual(['ok']);
    expect((await database.database.$client.execute('PRAGMA foreign_key_check')).rows).toEqual([]);

    const stored = await database.database
      .select({ id: jams.id, name: jams.name })
      .from(jams)
      .where(inArray(jams.name, acknowledged));
    expect(stored.map((jam) => jam.name).sort()).toEqual([...acknowledged].sort());
    // A jam and its audit entry are one transaction: never one without the other.
    const everyJam = await database.database.select({ id: jams.id }).from(jams);
    const audited = await database.database
      .select({ jamId: auditLog.jamId })
      .from(auditLog)
      .where(eq(auditLog.action, 'jam.create'));
    expect(audited.map((row) => row.jamId).sort()).toEqual(everyJam.map((jam) => jam.id).sort());
    // And the restarted server serves what it acknowledged.
    const list = await fetch(`${app.url}/api/jams?perPage=20`);
    expect((await list.json()).total).toBe(everyJam.length);
  });
});

describe('a server asked to stop with SIGTERM', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment();
  });
  afterAll(() => env?.close());

  it('finishes a request already in flight, takes no new connections, closes the kept-alive one, then exits cleanly', async () => {
    const user = await env.login('drain_user');
    const { port } = new URL(env.app.url);
    const body = JSON.stringify({ markdown: '**finished after SIGTERM**' });
    let sendRest = () => {};
    // A request whose body is still arriving when the signal comes.
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/markdown-preview',
          // A client that would keep the connection open for a minute: the server must close it.
          agent: new Agent({ keepAlive: true, timeout: 60_000 }),
          headers: {
            origin: env.app.url,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            cookie: user.headers.cookie!,
          },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        },
      );
      request.on('error', reject);
      request.write(body.slice(0, 10));
      sendRest = () => request.end(body.slice(10));
    });
    await new Promise((resolve) => setTimeout(resolve, 300));

    const exited = env.app.stop('SIGTERM');
    while (!env.app.logs().includes('SIGTERM received')) await new Promise((resolve) => setTimeout(resolve, 20));
    await expect(fetch(`${env.app.url}/api/health`)).rejects.toThrow();
    sendRest();

    const { status, text } = await answer;
    expect(status).toBe(200);
    expect(JSON.parse(text)).toEqual({ html: '<p><strong>finished after SIGTERM</strong></p>\n' });
    expect(await exited).toBe(0);
  });
});
