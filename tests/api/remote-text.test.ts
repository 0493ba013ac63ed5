/**
 * Text a libSQL server's protocol cannot carry: half a surrogate pair (an emoji cut in two) is valid
 * JSON, and sqld refused it ("unexpected end of hex escape"), so the site answered 500. Every text
 * is made well-formed where requests are parsed, on a real sqld as on the embedded file.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jams } from '#db/schema';
import { type Environment, type TestUser, startEnvironment } from '../helpers/environment';
import { insertJam } from '../helpers/factories';

let env: Environment;
let admin: TestUser;

beforeAll(async () => {
  env = await startEnvironment({}, { remote: true });
  admin = await env.login('surrogate_admin', { isAdmin: true });
}, 120_000);
afterAll(() => env?.close());

/** JSON as a client may send it: `\ud83d` written out, which JSON.stringify of a cut string also gives. */
const rawJson = (fields: Record<string, string>) =>
  `{${Object.entries(fields)
    .map(([key, value]) => `"${key}":"${value}"`)
    .join(',')}}`;

describe('half a surrogate pair on a remote database', () => {
  it.each([
    ['at the end of a description', { description: 'Build a rocket \\ud83d' }, { description: 'Build a rocket \ufffd' }],
    ['alone in a body', { body: '\\ud800' }, { body: '\ufffd' }],
    ['low half first in a name', { name: 'Jam \\udc00 night' }, { name: 'Jam \ufffd night' }],
  ])('is kept as a replacement character %s (200, not 500)', async (_, sent, stored) => {
    const jam = await insertJam(env.db);
    const reply = await env.request(`/api/jams/${jam.slug}`, { method: 'PATCH', body: rawJson(sent), as: admin });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const [row] = await env.db.select().from(jams).where(eq(jams.id, jam.id));
    expect(row).toMatchObject(stored);
  });

  it('keeps a whole emoji as it is', async () => {
    const jam = await insertJam(env.db);
    const reply = await env.request(`/api/jams/${jam.slug}`, {
      method: 'PATCH',
      body: rawJson({ description: 'Rockets \\ud83d\\ude80 only' }),
      as: admin,
    });
    expect(reply.status).toBe(200);
    const [row] = await env.db.select().from(jams).where(eq(jams.id, jam.id));
    expect(row!.description).toBe('Rockets 🚀 only');
  });

  it('never answers 5xx for any text with halves of pairs anywhere, and stores what it answered', async () => {
    const jam = await insertJam(env.db);
    const half = fc.constantFrom('\ud83d', '\ude80', '\ud800', '\udfff');
    const text = fc
      .array(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 6 }), half), { minLength: 1, maxLength: 8 })
      .map((parts) => `Jam ${parts.join('')}`);
    await fc.assert(
      fc.asyncProperty(text, text, async (name, description) => {
        const reply = await env.request(`/api/jams/${jam.slug}`, {
          method: 'PATCH',
          body: JSON.stringify({ name, description }),
          as: admin,
        });
        expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(500);
        if (reply.status !== 200) return;
        const [row] = await env.db.select().from(jams).where(eq(jams.id, jam.id));
        expect(row!.description).toBe(description.toWellFormed().trim());
      }),
      { numRuns: 40 },
    );
  });
});
