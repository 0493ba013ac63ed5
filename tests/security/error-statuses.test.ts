/**
 * The documented errors are the ones the endpoints give. For every declared endpoint, the same
 * probes run against the built server — nobody logged in, a banned user, a plain user, and an
 * administrator naming a jam, entry, user or manager that does not exist — plus an explicit way to
 * provoke each documented 409. Every error status a probe gets must be in the declaration's
 * `errors`, and every documented 401, 403, 404 and 409 must be answered by some probe.
 */
import { inPhase, suggestion as themeSuggestion } from './endpoints/themes';
import { eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryCredits, jamJudges, jams, users } from '#db/schema';
import { insertEntry, insertJamRequest, insertVote } from '../helpers/factories';
import { type Operation, declaredEndpoints } from '#server/openapi/operations';
import { type Environment, type TestUser, startEnvironment } from '../helpers/environment';
import type { JamStatus } from '#lib/jam-timing';
import { type Call, type Scene, buildScene, bystanderNote, send } from './endpoints';

let env: Environment;

beforeAll(async () => {
  env = await startEnvironment();
});
afterAll(() => env?.close());

const AUTHZ_STATUSES = [401, 403, 404, 409];
const key = (operation: Pick<Operation, 'method' | 'pattern'>) => `${operation.method} ${operation.pattern}`;

interface Target {
  slug?: string;
  id?: string;
  name?: string;
  item?: string;
  noteId?: string;
  word?: string;
  entryId?: string;
}

/** The declaration's own request: its path filled from the scene (or `missing`), its body example. */
function callOf(operation: Operation, scene: Scene, missing: Target = {}): Call {
  const path = operation.pattern
    .replace('[slug]', missing.slug ?? scene.jam.slug)
    .replace('[id]', missing.id ?? String(operation.pattern.startsWith('/api/users/') ? scene.bystander.id : scene.entry.id))
    .replace('[name]', missing.name ?? scene.coManager.name)
    .replace('[item]', missing.item ?? `entry-${scene.entry.id}`)
    .replace('[sticker]', 'fun')
    .replace('[noteId]', missing.noteId ?? scene.extra.noteId ?? '987654321')
    .replace('[word]', missing.word ?? 'grumpy')
    .replace('[entryId]', missing.entryId ?? String(scene.entry.id));
  const example = operation.body?.example as Record<string, string> | undefined;
  return { method: operation.method, path, ...(operation.body?.form ? { form: example } : example ? { json: example } : {}) };
}

/** Only this administrator can act, so taking them away is refused (each later scene logs in a new one). */
async function lastAdmin(scene: Scene, env: Environment): Promise<void> {
  await env.db.update(users).set({ isAdmin: false }).where(ne(users.id, scene.me!.id));
}

interface Provocation {
  jam?: JamStatus;
  prepare?: (scene: Scene, env: Environment) => Promise<void>;
  call?: (scene: Scene) => Partial<Call>;
}

/** A jam request already answered (or, for the caller's own, any) that the call then names. */
const answeredRequest =
  (status: 'approved' | 'declined', own = false) =>
  async (scene: Scene, env: Environment): Promise<void> => {
    const requester = own ? scene.me! : scene.bystander;
    scene.extra.requestId = String((await insertJamRequest(env.db, requester.id, { status })).id);
  };
const requestPath =
  (suffix = '') =>
  (s: Scene) => ({ path: `/api/jam-requests/${s.extra.requestId}${suffix}` });

/** An entry of the caller's, with the co-manager invited (or credited) on it. */
const ownEntry =
  (status?: 'accepted') =>
  async (scene: Scene, env: Environment): Promise<void> => {
    const entry = await insertEntry(env.db, scene.jam.id, scene.me!.id, 800_000_000 + scene.jam.id, {
      authorName: scene.me!.name,
    });
    scene.extra.entryId = String(entry.id);
    if (status)
      await env.db.insert(entryCredits).values({ entryId: entry.id, userId: scene.coManager.id, jamId: scene.jam.id, status });
  };
const creditsPath =
  (suffix = '') =>
  (s: Scene) => ({ path: `/api/jams/${s.jam.slug}/entries/${s.extra.entryId}/credits${suffix}` });
/** The caller invited to (or credited on) the scene's entry. */
const invitedMe = (status: 'invited' | 'accepted') => async (scene: Scene, env: Environment) =>
  void (await env.db
    .insert(entryCredits)
    .values({ entryId: scene.entry.id, userId: scene.me!.id, jamId: scene.jam.id, status, invitedBy: scene.submitter.id }));

/** How to make each endpoint that documents a 409 give one, as an administrator. */
/** Someone of the scene invited to judge its jam (or judging it). */
const seated =
  (who: (scene: Scene) => number, status: 'invited' | 'accepted') =>
  async (scene: Scene, env: Environment): Promise<void> =>
    void (await env.db.insert(jamJudges).values({ jamId: scene.jam.id, userId: who(scene), status }));

const PROVOKE_409: Record<string, Provocation> = {
  'POST /api/jam-requests': {
    // One pending request per user.
    prepare: async (s, env) => void (await insertJamRequest(env.db, s.me!.id)),
  },
  'PATCH /api/jam-requests/[id]': { prepare: answeredRequest('declined'), call: requestPath() },
  'DELETE /api/jam-requests/[id]': { prepare: answeredRequest('approved', true), call: requestPath() },
  'POST /api/jam-requests/[id]/approve': { prepare: answeredRequest('declined'), call: requestPath('/approve') },
  'POST /api/jam-requests/[id]/decline': { prepare: answeredRequest('approved'), call: requestPath('/decline') },
  'POST /api/jams/[slug]/entries/[id]/notes': {
    // Notes turned off: kudos only.
    prepare: async (s, env) => void (await env.db.update(jams).set({ feedback: 'kudos' }).where(eq(jams.id, s.jam.id))),
  },
  // Issue 53: a note that is not waiting for a moderator cannot be approved.
  'PUT /api/jams/[slug]/entries/[id]/notes/[noteId]/review': { prepare: bystanderNote },
  // Answers change only while the jam takes submissions (ADR 042): the caller is on the entry's team.
  'PUT /api/jams/[slug]/entries/[id]/answers': {
    jam: 'ended',
    prepare: invitedMe('accepted'),
    call: (s) => ({ path: `/api/jams/${s.jam.slug}/entries/${s.entry.id}/answers` }),
  },
  // The jam version is frozen after the deadline (ADR 050): the caller is on the entry's team.
  'PUT /api/jams/[slug]/entries/[id]/jam-version': {
    jam: 'ended',
    prepare: invitedMe('accepted'),
    call: (s) => ({ path: `/api/jams/${s.jam.slug}/entries/${s.entry.id}/jam-version` }),
  },
  'PUT /api/jams/[slug]/participation': { jam: 'ended' },
  'DELETE /api/jams/[slug]/participation': { jam: 'ended' },
  'POST /api/jams/[slug]/entries': { jam: 'ended' },
  'PUT /api/jams/[slug]/entries/[id]/vote': { jam: 'ended' },
  'DELETE /api/jams/[slug]/entries/[id]/vote': { jam: 'ended' },
  // Ratings on a jam judged by upvotes (the scene's jams are).
  'PUT /api/jams/[slug]/entries/[id]/rating': {},
  'DELETE /api/jams/[slug]/entries/[id]/rating': {},
  // Judging cannot change once someone voted.
  'PATCH /api/jams/[slug]': {
    prepare: async (s, env) => void (await insertVote(env.db, s.jam.id, s.entry.id, s.coManager.id)),
    call: () => ({ json: { judging: 'ratings' } }),
  },
  'PUT /api/jams/[slug]/entries/[id]/winner': { jam: 'ongoing' },
  // Publishing the results of a jam that shows them by itself (results: automatic, the default; ADR 041).
  'PUT /api/jams/[slug]/results': { jam: 'ended' },
  // Kudos while the jam's feedback is off.
  'PUT /api/jams/[slug]/entries/[id]/kudos/[sticker]': {
    prepare: async (s, env) => void (await env.db.update(jams).set({ feedback: 'off' }).where(eq(jams.id, s.jam.id))),
  },
  'DELETE /api/jams/[slug]/entries/[id]/winner': { jam: 'ended' },
  // Teams (issue 35) are settled once the jam stops taking submissions.
  'POST /api/jams/[slug]/entries/[id]/credits': { jam: 'ended', prepare: ownEntry(), call: creditsPath() },
  'DELETE /api/jams/[slug]/entries/[id]/credits/[name]': {
    jam: 'ended',
    prepare: ownEntry('accepted'),
    call: (s) => creditsPath(`/${s.coManager.name}`)(s),
  },
  'PUT /api/me/invitations/[entryId]': { jam: 'ended', prepare: invitedMe('invited') },
  // Declining is for invitations: someone credited leaves from the entry instead.
  'DELETE /api/me/invitations/[entryId]': { prepare: invitedMe('accepted') },
  'POST /api/jams/[slug]/managers': { call: (s) => ({ json: { name: s.coManager.name } }) },
  // Judges (ADR 040) are settled once voting ends; feedback closes with voting; an accepted judge steps down instead of declining.
  'POST /api/jams/[slug]/judges': { jam: 'ended', call: (s) => ({ json: { name: s.bystander.name } }) },
  'DELETE /api/jams/[slug]/judges/[name]': { jam: 'ended', prepare: seated((s) => s.coManager.id, 'accepted') },
  'PUT /api/me/judge-invitations/[slug]': { jam: 'ended', prepare: seated((s) => s.me!.id, 'invited') },
  'DELETE /api/me/judge-invitations/[slug]': { prepare: seated((s) => s.me!.id, 'accepted') },
  'PUT /api/jams/[slug]/entries/[id]/judge-feedback': { jam: 'ended', prepare: seated((s) => s.me!.id, 'accepted') },
  'DELETE /api/jams/[slug]/entries/[id]/judge-feedback': { jam: 'ended', prepare: seated((s) => s.me!.id, 'accepted') },
  'DELETE /api/me': { prepare: lastAdmin, call: (s) => ({ json: { name: s.me!.name } }) },
  'PATCH /api/users/[id]': { prepare: lastAdmin, call: (s) => ({ path: `/api/users/${s.me!.id}`, json: { isAdmin: false } }) },
  'DELETE /api/users/[id]': { prepare: lastAdmin, call: (s) => ({ path: `/api/users/${s.me!.id}` }) },
  // Theme rounds (ADR 043): the scene's jam has started, or has no theme rounds, or is past moderation.
  'PUT /api/jams/[slug]/theme/rounds': {},
  'POST /api/jams/[slug]/theme/suggestions': {},
  'PUT /api/jams/[slug]/theme/pick': {},
  'DELETE /api/jams/[slug]/theme/suggestions/[id]': {
    prepare: (s, env) => inPhase(s, env, 'final'),
    call: (s) => ({ path: themeSuggestion(s) }),
  },
  'POST /api/jams/[slug]/theme/suggestions/[id]/merge': {
    prepare: (s, env) => inPhase(s, env, 'final'),
    call: (s) => ({ path: `${themeSuggestion(s)}/merge`, json: { into: Number(s.extra.second) } }),
  },
  'PUT /api/jams/[slug]/theme/suggestions/[id]/answer': {
    prepare: (s, env) => inPhase(s, env, 'final'),
    call: (s) => ({ path: `${themeSuggestion(s)}/answer` }),
  },
};

/** A documented 404 that no path parameter reaches. */
const PROVOKE_404: Record<string, (scene: Scene) => Partial<Call>> = {
  // A Scratcher who does not exist on Scratch.
  'POST /api/users': (s) => ({ json: { name: `${s.id}_ghost` } }),
};

async function statusesOf(operation: Operation): Promise<number[]> {
  const seen: number[] = [];
  const probe = async (call: Call, as: TestUser | null) => seen.push((await send(env, call, as)).status);

  const scene = await buildScene(env, 'admin');
  // A note by the bystander, for the endpoints of one note.
  if (operation.pattern.includes('[noteId]')) await bystanderNote(scene, env);
  // Fresh for each endpoint: probing logout ends the session it is called with.
  const banned = await env.login(`${scene.id}_ban`, { isBanned: true });
  await probe(callOf(operation, scene), null);
  await probe(callOf(operation, scene), banned);
  await probe(callOf(operation, scene), scene.bystander);
  if (operation.params) {
    for (const name of Object.keys(operation.params)) {
      const missing = {
        slug: 'no-such-jam',
        id: '987654321',
        name: 'nobody_here',
        item: 'entry-987654321',
        noteId: '987654321',
        entryId: '987654321',
        // Adding a word is idempotent; the word PUT adds is never the one DELETE looks for.
        word: operation.method === 'PUT' ? 'addedword' : 'nosuchword',
      }[name as keyof Target];
      await probe(callOf(operation, scene, { [name]: missing }), scene.me);
    }
  }
  const notFoundCall = PROVOKE_404[key(operation)];
  if (notFoundCall) await probe({ ...callOf(operation, scene), ...notFoundCall(scene) }, scene.me);

  const provocation = PROVOKE_409[key(operation)];
  if (provocation) {
    const conflictScene = await buildScene(env, 'admin', provocation.jam);
    await provocation.prepare?.(conflictScene, env);
    await probe({ ...callOf(operation, conflictScene), ...provocation.call?.(conflictScene) }, conflictScene.me);
  }
  return seen;
}

describe('documented error statuses', () => {
  const endpoints = declaredEndpoints();

  it('have a way to provoke every documented 409, and no provocation for an endpoint that documents none', () => {
    const documenting = endpoints
      .filter((operation) => operation.errors?.includes(409))
      .map(key)
      .sort();
    expect(Object.keys(PROVOKE_409).sort()).toEqual(documenting);
  });

  it.each(endpoints.map((operation) => [key(operation), operation] as const))(
    '%s answers exactly the documented 401/403/404/409 and nothing undocumented',
    async (_key, operation) => {
      const seen = await statusesOf(operation);
      const errors = [...new Set(seen.filter((status) => status >= 400))].sort();
      const documented = [...(operation.errors ?? [])] as number[];
      expect(
        errors.filter((status) => !documented.includes(status)),
        `answered but not documented (saw ${seen.join(', ')})`,
      ).toEqual([]);
      expect(
        documented.filter((status) => AUTHZ_STATUSES.includes(status) && !errors.includes(status)),
        `documented but never answered (saw ${seen.join(', ')})`,
      ).toEqual([]);
    },
  );
});
