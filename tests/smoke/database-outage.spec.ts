/**
 * Issue 54 at the edge: `sqld` killed (kill -9) and started again under a stream of writes. The
 * Worker answers each write 201, or 503 with `Retry-After` while the database is gone ("Network
 * connection lost", a refused fetch) — never 500 — and each write retried with its Idempotency-Key
 * until it is answered is stored exactly once. The site and its sqld are the test's own: the
 * shared target's connections stay unharmed for the tests after it. And on every target an address
 * with a broken percent-encoding answers 400.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createClient } from '@libsql/client';
import { ADMIN, expect, test } from './fixtures';
import { startTarget } from './targets';

const DAY = 86_400_000;

test('sqld killed under writes: no answer of 500, every 503 says Retry-After, and keyed retries store each jam once', async ({
  targetName,
}) => {
  test.setTimeout(150_000);
  const target = await startTarget(targetName);
  try {
    await killedUnderWrites(target);
  } finally {
    await target.close();
  }
});

/** A session of the seeded administrator, written straight into the database. */
async function adminCookie(databaseUrl: string): Promise<string> {
  // The shape a session token has: 32 characters of base32 (lowercase, no padding).
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  const token = Array.from(randomBytes(32), (byte) => alphabet[byte % 32]).join('');
  const database = createClient({ url: databaseUrl });
  try {
    await database.execute({
      sql: 'insert into sessions (id, user_id, expires_at) select ?, id, ? from users where name = ?',
      args: [createHash('sha256').update(token).digest('hex'), Date.now() + 86_400_000, ADMIN],
    });
  } finally {
    database.close();
  }
  return `itinerary-token=${token}`;
}

async function killedUnderWrites(target: Awaited<ReturnType<typeof startTarget>>) {
  const sqld = target.sqld!;
  const cookie = await adminCookie(target.databaseUrl);
  const run = `outage-${Date.now()}`;
  // One start for every write: a retry must send the very body it sent first, or its key answers 422.
  const startsAt = Date.now() + 2 * DAY;
  const create = async (index: number) => {
    const response = await fetch(`${target.url}/api/jams`, {
      method: 'POST',
      headers: { cookie, origin: target.url, 'content-type': 'application/json', 'idempotency-key': `${run}-${index}` },
      body: JSON.stringify({
        name: `Outage ${run} ${index}`,
        description: 'Written while sqld was killed and started again.',
        body: '',
        imageUrl: '',
        startsAt: new Date(startsAt).toISOString(),
        endsAt: new Date(startsAt + 7 * DAY).toISOString(),
        mystery: false,
      }),
    });
    await response.arrayBuffer();
    return { status: response.status, retryAfter: response.headers.get('retry-after') };
  };

  const WRITES = 40;
  const answers: { index: number; status: number; retryAfter: string | null }[] = [];
  let next = 0;
  const writer = async () => {
    while (next < WRITES) {
      const index = next++;
      answers.push({ index, ...(await create(index)) });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const outage = (async () => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    sqld.process.kill('SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await sqld.restart();
  })();
  await Promise.all([writer(), writer(), writer(), outage]);

  const tally = answers.reduce<Record<number, number>>(
    (counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }),
    {},
  );
  console.log(`${target.name}: ${WRITES} writes with sqld killed and restarted answered ${JSON.stringify(tally)}`);
  expect(
    answers.filter(({ status }) => status >= 500 && status !== 503),
    JSON.stringify(tally),
  ).toEqual([]);
  expect(answers.filter(({ status, retryAfter }) => status === 503 && !/^\d+$/.test(retryAfter ?? ''))).toEqual([]);
  expect(tally[503] ?? 0, 'no write met the outage: the case was not tried').toBeGreaterThan(0);

  // Each write not yet answered 201 is sent again with its key until it is (or its answer was lost: 409).
  for (const { index, status } of answers) {
    let last = status;
    const deadline = Date.now() + 15_000;
    while (last !== 201 && last !== 409 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      last = (await create(index)).status;
      expect(last === 500, `write ${index} answered 500 on its retry`).toBe(false);
    }
    expect([201, 409], `write ${index} was never answered`).toContain(last);
  }
  const database = createClient({ url: target.databaseUrl });
  try {
    const stored = await database.execute({
      sql: 'select name, count(*) as n from jams where name like ? group by name',
      args: [`Outage ${run} %`],
    });
    expect(stored.rows.filter((row) => Number(row.n) !== 1)).toEqual([]);
    expect(stored.rows.length).toBe(WRITES);
  } finally {
    database.close();
  }
}

test('an address or a query with a broken percent-encoding answers 400, never 500', async ({ target }) => {
  for (const path of ['/api/jams?q=%E0%A4%A', '/api/jams/%E0%A4%A', '/explore?q=%', '/jams/%ZZ']) {
    const response = await fetch(`${target.url}${path}`);
    expect(response.status, path).toBe(400);
    if (path.startsWith('/api/') && target.name !== 'node-standalone') {
      expect(await response.json()).toMatchObject({ error: { status: 400, code: 'bad_request' } });
    }
  }
});
