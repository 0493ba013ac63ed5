/**
 * The jam version (issue 56, ADR 050) through the API on the built Node server with a real libSQL
 * file: a maker uploads the .sb3 until the deadline, it replaces the previous one, after the deadline
 * it is frozen; bad files are 400s naming the problem; the file lives beside the database under its
 * SHA-256, and goes with the account.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries, entryCredits, lateSubmissions } from '#db/schema';
import { PLAYER_CSP } from '#server/entries/jam-version-player';
import { type Environment, type Reply, type TestUser, readReply, startEnvironment } from '../helpers/environment';
import { insertEntry, insertJam, insertManager } from '../helpers/factories';
import { makeSb3, zipBomb } from '../helpers/sb3';

let env: Environment;
let maker: TestUser, coCreator: TestUser, stranger: TestUser, manager: TestUser;
let scratchIds = 956_000;
const HOUR = 3_600_000;

beforeAll(async () => {
  env = await startEnvironment();
  maker = await env.login('jv_maker');
  coCreator = await env.login('jv_co_creator');
  stranger = await env.login('jv_stranger');
  manager = await env.login('jv_manager');
});
afterAll(() => env?.close());

const filesFolder = () => join(dirname(env.databaseUrl.replace(/^file:/, '')), 'files');
const stored = (sha: string) => join(filesFolder(), sha);

/** PUTs `bytes` as the entry's jam version, as the upload form does. */
async function upload(slug: string, entryId: number, bytes: Uint8Array, as: TestUser | null): Promise<Reply> {
  const response = await fetch(`${env.app.url}/api/jams/${slug}/entries/${entryId}/jam-version`, {
    method: 'PUT',
    headers: { origin: env.app.url, 'content-type': 'application/x.scratch.sb3', ...(as ? as.headers : {}) },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
  return readReply(response);
}

async function entryIn(overrides: Parameters<typeof insertJam>[1] = {}) {
  const jam = await insertJam(env.db, { jamVersion: 'allowed', ...overrides });
  const entry = await insertEntry(env.db, jam.id, maker.id, (scratchIds += 1));
  return { jam, entry };
}

const refusal = (message: string) => ({ error: { status: 400, code: 'invalid_input', message } });

describe('uploading the jam version', () => {
  it('takes the submitter’s .sb3, keeps it under its SHA-256 beside the database and gives it back', async () => {
    const { jam, entry } = await entryIn();
    const reply = await upload(jam.slug, entry.id, makeSb3(), maker);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      entryId: entry.id,
      uploadedAt: expect.any(String),
      uploadedBy: 'jv_maker',
      size: expect.any(Number),
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      fileUrl: `/api/jams/${jam.slug}/entries/${entry.id}/jam-version/file`,
      scratchChangedAfterDeadline: null,
      frozen: false,
    });
    const { sha256, size } = reply.body;
    expect(readFileSync(stored(sha256)).byteLength).toBe(size);

    expect((await env.request(`/api/jams/${jam.slug}/entries/${entry.id}/jam-version`)).body).toEqual(reply.body);
    const file = await fetch(`${env.app.url}${reply.body.fileUrl}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/x.scratch.sb3');
    expect(file.headers.get('etag')).toBe(`"${sha256}"`);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array(readFileSync(stored(sha256))));
    const again = await fetch(`${env.app.url}${reply.body.fileUrl}`, { headers: { 'if-none-match': `"${sha256}"` } });
    expect(again.status).toBe(304);
  });

  it('lets an accepted co-creator replace it before the deadline, and the replaced file goes', async () => {
    const { jam, entry } = await entryIn();
    await env.db.insert(entryCredits).values({ entryId: entry.id, userId: coCreator.id, jamId: jam.id, status: 'accepted' });
    const first = await upload(jam.slug, entry.id, makeSb3({ spriteName: 'First' }), maker);
    const second = await upload(jam.slug, entry.id, makeSb3({ spriteName: 'Second' }), coCreator);
    expect(second.status).toBe(200);
    expect(second.body.uploadedBy).toBe('jv_co_creator');
    expect(second.body.sha256).not.toBe(first.body.sha256);
    expect(existsSync(stored(second.body.sha256))).toBe(true);
    expect(existsSync(stored(first.body.sha256))).toBe(false);
  });

  it('refuses people who are not on the team: 403 for others and managers, 401 for visitors', async () => {
    const { jam, entry } = await entryIn();
    await insertManager(env.db, jam.id, manager.id);
    await env.db.insert(entryCredits).values({ entryId: entry.id, userId: stranger.id, jamId: jam.id, status: 'invited' });
    for (const person of [stranger, manager]) {
      expect(await upload(jam.slug, entry.id, makeSb3(), person)).toMatchObject({
        status: 403,
        body: {
          error: { status: 403, code: 'forbidden', message: 'Only the people credited on an entry can upload its jam version.' },
        },
      });
    }
    expect((await upload(jam.slug, entry.id, makeSb3(), null)).status).toBe(401);
  });

  it('refuses a zip bomb, a file that is not a zip, an unknown extension and a file over 20 MB with 400s naming the problem', async () => {
    const { jam, entry } = await entryIn();
    expect(await upload(jam.slug, entry.id, zipBomb(10), maker)).toMatchObject({
      status: 400,
      body: refusal(
        '“00000000000000000000000000000000.svg” would grow more than 100 times when unpacked: that is how a zip bomb looks, so the file is refused.',
      ),
    });
    expect(await upload(jam.slug, entry.id, new TextEncoder().encode('GIF89a not a project'), maker)).toMatchObject({
      status: 400,
      body: refusal(
        'That file is not a Scratch project (.sb3). In the Scratch editor, choose File → Save to your computer, and upload the file it saves.',
      ),
    });
    expect(await upload(jam.slug, entry.id, makeSb3({ extensions: ['griffpatchNetworking'] }), maker)).toMatchObject({
      status: 400,
      body: refusal(
        'The project uses “griffpatchNetworking”, which is not one of Scratch’s own extensions, so the player here cannot run it.',
      ),
    });
    expect(await upload(jam.slug, entry.id, new Uint8Array(20 * 1024 * 1024 + 1), maker)).toMatchObject({
      status: 400,
      body: refusal('That file is larger than 20 MB, the most a jam version can be.'),
    });
    // Nothing was kept.
    expect((await env.request(`/api/jams/${jam.slug}/entries/${entry.id}/jam-version`)).status).toBe(404);
  });

  it('refuses an upload after the deadline (409), keeping the one uploaded before it', async () => {
    const { jam, entry } = await entryIn();
    const before = await upload(jam.slug, entry.id, makeSb3(), maker);
    expect(before.status).toBe(200);
    const { jams } = await import('#db/schema');
    await env.db
      .update(jams)
      .set({ startsAt: new Date(Date.now() - 48 * HOUR), endsAt: new Date(Date.now() - HOUR) })
      .where(eq(jams.id, jam.id));
    expect(await upload(jam.slug, entry.id, makeSb3({ spriteName: 'Too late' }), maker)).toMatchObject({
      status: 409,
      body: {
        error: {
          status: 409,
          code: 'conflict',
          message:
            'The deadline has passed, so the jam version is frozen: it stays as it was uploaded and can no longer be replaced.',
        },
      },
    });
    const kept = await env.request(`/api/jams/${jam.slug}/entries/${entry.id}/jam-version`);
    expect(kept.body).toMatchObject({ sha256: before.body.sha256, frozen: true });
  });

  it('takes one inside the uploader’s late window and marks the entry late', async () => {
    const { jam, entry } = await entryIn({ status: 'ended', votingEndsAt: new Date(Date.now() + 24 * HOUR) });
    await env.db.insert(lateSubmissions).values({ jamId: jam.id, userId: maker.id, until: new Date(Date.now() + HOUR) });
    expect((await upload(jam.slug, entry.id, makeSb3(), maker)).status).toBe(200);
    const [row] = await env.db.select({ late: entries.late }).from(entries).where(eq(entries.id, entry.id));
    expect(row!.late).toBe(true);
  });

  it('is a 409 in a jam that takes no jam versions', async () => {
    const { jam, entry } = await entryIn({ jamVersion: 'off' });
    expect(await upload(jam.slug, entry.id, makeSb3(), maker)).toMatchObject({
      status: 409,
      body: { error: { message: 'This jam does not take jam versions: its managers have not asked for them.' } },
    });
  });
});

describe('around the jam version', () => {
  it('shows in the managers’ review list and in the export, and goes with the account', async () => {
    const leaver = await env.login('jv_leaver');
    const jam = await insertJam(env.db, { jamVersion: 'required' });
    await insertManager(env.db, jam.id, manager.id);
    const entry = await insertEntry(env.db, jam.id, leaver.id, (scratchIds += 1));
    const other = await insertEntry(env.db, jam.id, maker.id, (scratchIds += 1));
    const uploaded = await upload(jam.slug, entry.id, makeSb3({ spriteName: 'Leaving soon' }), leaver);
    const review = await env.request(`/api/jams/${jam.slug}/review`, { as: manager });
    expect(review.body.jamVersion).toBe('required');
    const byId = new Map(
      review.body.entries.map((row: { id: number; jamVersionAt: string | null }) => [row.id, row.jamVersionAt]),
    );
    expect(byId.get(entry.id)).toBe(uploaded.body.uploadedAt);
    expect(byId.get(other.id)).toBeNull();

    const exported = await env.request('/api/me/export', { as: leaver });
    expect(exported.body.jamVersions).toEqual([
      {
        jam: { slug: jam.slug, name: jam.name },
        entry: { id: entry.id, title: entry.title },
        uploadedAt: uploaded.body.uploadedAt,
        uploadedByYou: true,
        size: uploaded.body.size,
        sha256: uploaded.body.sha256,
        fileUrl: uploaded.body.fileUrl,
      },
    ]);

    expect(existsSync(stored(uploaded.body.sha256))).toBe(true);
    expect((await env.request('/api/me', { method: 'DELETE', body: { name: leaver.name }, as: leaver })).status).toBe(204);
    expect(existsSync(stored(uploaded.body.sha256))).toBe(false);
  });

  it('serves the player’s page under its own policy, with scripts from this site only', async () => {
    const response = await fetch(`${env.app.url}/play/jam-version/1?lang=hu`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(PLAYER_CSP);
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const html = await response.text();
    expect(html).toContain('<html lang="hu">');
    const scripts = [...html.matchAll(/<script src="([^"]+)"><\/script>/g)].map((match) => match[1]!);
    expect(scripts).toEqual([
      expect.stringMatching(/^\/player\/scaffolding-[0-9a-f]{12}\.js$/),
      expect.stringMatching(/^\/player\/jam-player-[0-9a-f]{12}\.js$/),
    ]);
    for (const script of scripts) expect((await fetch(`${env.app.url}${script}`)).status).toBe(200);
  });

  it('keeps the player out of every page’s bundle, and its first load under 1 MB compressed', () => {
    const client = resolve(import.meta.dirname, '../..', process.env.ITINERARY_DIST ?? 'dist', 'client');
    const bundles = readdirSync(join(client, '_astro')).filter((name) => name.endsWith('.js'));
    const holding = bundles.filter((name) => readFileSync(join(client, '_astro', name), 'utf8').includes('Scaffolding (min)'));
    expect(holding).toEqual([]);
    const player = readdirSync(join(client, 'player')).sort();
    expect(player).toEqual([
      expect.stringMatching(/^jam-player-[0-9a-f]{12}\.js$/),
      expect.stringMatching(/^scaffolding-[0-9a-f]{12}\.js$/),
    ]);
    const compressed = player.reduce(
      (sum, name) => sum + gzipSync(readFileSync(join(client, 'player', name)), { level: 9 }).byteLength,
      0,
    );
    expect(compressed).toBeLessThan(1024 * 1024);
  });

  it('is in `npm run backup`: the database and every file, each checked against its SHA-256', async () => {
    // Someone of their own: the maker has spent the submissions' rate limit above.
    const backer = await env.login('jv_backer');
    const jam = await insertJam(env.db, { jamVersion: 'allowed' });
    const entry = await insertEntry(env.db, jam.id, backer.id, (scratchIds += 1));
    const uploaded = await upload(jam.slug, entry.id, makeSb3({ spriteName: 'Backed up' }), backer);
    expect(uploaded.status).toBe(200);
    const folder = join(mkdtempSync(join(tmpdir(), 'itinerary-jam-version-')), 'backup');
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/backup-all.ts', folder], {
        cwd: resolve(import.meta.dirname, '../..'),
        env: { ...process.env, DATABASE_URL: env.databaseUrl },
        encoding: 'utf8',
      });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/Copied \d+ files \(\d+ bytes\) from .+ to .+; each matches its SHA-256\./);
      expect(existsSync(join(folder, 'itinerary.db'))).toBe(true);
      expect(readFileSync(join(folder, 'files', uploaded.body.sha256))).toEqual(readFileSync(stored(uploaded.body.sha256)));
    } finally {
      rmSync(dirname(folder), { recursive: true, force: true });
    }
  });
});
