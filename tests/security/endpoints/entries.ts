/** Entries: submitting and withdrawing, votes and plays, refreshing from Scratch, review and winners. */
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { entries, jams, plays, ratings, votes } from '#db/schema';
import { insertVote } from '../../helpers/factories';
import { type Db, entryRow } from './fixtures';
import { ACTIVE_USERS, ADMINS, MANAGERS, nextScratchId, type ReadRow, type Row } from './scene';

const hasVote = async (db: Db, entryId: number, voterId: number) =>
  (
    await db
      .select()
      .from(votes)
      .where(and(eq(votes.entryId, entryId), eq(votes.voterId, voterId)))
  ).length === 1;

const ratingsOf = async (db: Db, entryId: number, raterId: number) =>
  db
    .select({ criterionId: ratings.criterionId, stars: ratings.stars })
    .from(ratings)
    .where(and(eq(ratings.entryId, entryId), eq(ratings.raterId, raterId)));

/** The scene's jam judged by star ratings (ADR 039). */
const judgedByRatings = async (jamId: number, db: Db) =>
  void (await db.update(jams).set({ judging: 'ratings' }).where(eq(jams.id, jamId)));

const hasPlay = async (db: Db, entryId: number, playerId: number) =>
  (
    await db
      .select()
      .from(plays)
      .where(and(eq(plays.entryId, entryId), eq(plays.playerId, playerId)))
  ).length === 1;

export const writes: Row[] = [
  {
    method: 'POST',
    pattern: '/api/jams/[slug]/entries',
    allowed: ACTIVE_USERS,
    status: 201,
    prepare: async (s, env) => {
      const id = nextScratchId();
      s.extra.scratchId = String(id);
      if (s.me) env.fakes.scratchApi.projects.push({ id, title: `Entry of ${s.me.name}`, author: s.me.name, shared: true });
    },
    call: (s) => ({
      method: 'POST',
      path: `/api/jams/${s.jam.slug}/entries`,
      json: { url: `https://scratch.mit.edu/projects/${s.extra.scratchId}` },
    }),
    effect: async (s, env) => {
      const rows = await env.db
        .select()
        .from(entries)
        .where(and(eq(entries.jamId, s.jam.id), eq(entries.submitterId, s.me!.id)));
      expect(rows.map((row) => row.scratchId)).toEqual([Number(s.extra.scratchId)]);
    },
  },
  {
    method: 'DELETE',
    pattern: '/api/jams/[slug]/entries',
    allowed: ADMINS,
    status: 200,
    call: (s) => ({ method: 'DELETE', path: `/api/jams/${s.jam.slug}/entries` }),
    effect: async (s, env) => expect(await env.db.select().from(entries).where(eq(entries.jamId, s.jam.id))).toEqual([]),
  },
  {
    method: 'DELETE',
    pattern: '/api/jams/[slug]/entries/[id]',
    allowed: MANAGERS,
    status: 204,
    call: (s) => ({ method: 'DELETE', path: `/api/jams/${s.jam.slug}/entries/${s.entry.id}` }),
    effect: async (s, env) => expect(await entryRow(env.db, s.entry.id)).toBeUndefined(),
  },
  {
    method: 'PUT',
    pattern: '/api/jams/[slug]/entries/[id]/vote',
    allowed: ACTIVE_USERS,
    status: 200,
    call: (s) => ({ method: 'PUT', path: `/api/jams/${s.jam.slug}/entries/${s.entry.id}/vote` }),
    effect: async (s, env) => expect(await hasVote(env.db, s.entry.id, s.me!.id)).toBe(true),
  },
  {
    method: 'DELETE',
    pattern: '/api/jams/[slug]/entries/[id]/vote',
    allowed: ACTIVE_USERS,
    status: 200,
    prepare: async (s, env) => {
      if (s.me) await insertVote(env.db, s.jam.id, s.entry.id, s.me.id);
    },
    call: (s) => ({ method: 'DELETE', path: `/api/jams/${s.jam.slug}/entries/${s.entry.id}/vote` }),
    effect: async (s, env) => expect(await hasVote(env.db, s.entry.id, s.me!.id)).toBe(false),
  },
  {
    method: 'PUT',
    pattern: '/api/jams/[slug]/entries/[id]/rating',
    allowed: ACTIVE_USERS,
    status: 200,
    prepare: async (s, env) => judgedByRatings(s.jam.id, env.db),
    call: (s) => ({
      method: 'PUT',
      path: `/api/jams/${s.jam.slug}/entries/${s.entry.id}/rating`,
      json: { stars: { '1': 4, '2': 5 } },
    }),
    effect: async (s, env) =>
      expect(await ratingsOf(env.db, s.entry.id, s.me!.id)).toEqual([
        { criterionId: 1, stars: 4 },
        { criterionId: 2, stars: 5 },
      ]),
  },
  {
    method: 'DELETE',
    pattern: '/api/jams/[slug]/entries/[id]/rating',
    allowed: ACTIVE_USERS,
    status: 200,
    prepare: async (s, env) => {
      await judgedByRatings(s.jam.id, env.db);
      if (s.me)
        await env.db.insert(ratings).values({ entryId: s.entry.id, raterId: s.me.id, jamId: s.jam.id, criterionId: 1, stars: 3 });
    },
    call: (s) => ({ method: 'DELETE', path: `/api/jams/${s.jam.slug}/entries/${s.entry.id}/rating` }),
    effect: async (s, env) => expect(await ratingsOf(env.db, s.entry.id, s.me!.id)).toEqual([]),
  },
  {
    method: 'PUT',
    pattern: '/api/jams/[slug]/entries/[id]/play',
    allowed: ACTIVE_USERS,
    status: 204,
    call: (s) => ({ method: 'PUT', path: `/api/jams/${s.jam.slug}/entries/${s.entry.id}/play` }),
    effect: async (s, env) => {
      expect(await hasPlay(env.db, s.entry.id, s.me!.id)).toBe(true);
      expect((await entryRow(env.db, s.entry.id))!.playCount).toBe(1);
    },
  },
  {
    method: 'POST',
    pattern: '/api/jams/[slug]/entries/[id]/refresh',
    allowed: MANAGERS,
    status: 200,
    prepare: async (s, env) => {
      env.fakes.scratchApi.projects.push({
        id: s.entry.scratchId,
        title: `Refreshed in ${s.id}`,
        author: s.submitter.name,
        shared: true,
        instructions: `Instructions of ${s.id}`,
        description: `Credits of ${s.id}`,
      });
    },
    call: (s) => ({ method: 'POST', path: `/api/jams/${s.jam.slug}/entries/${s.entry.id}/refresh` }),
    effect: async (s, env) =>
      expect(await entryRow(env.db, s.entry.id)).toMatchObject({
        title: `Refreshed in ${s.id}`,
        instructions: `Instructions of ${s.id}`,
        notes: `Credits of ${s.id}`,
      }),
  },
  {
    method: 'PUT',
    pattern: '/api/jams/[slug]/entries/[id]/review',
    jam: 'ended',
    allowed: MANAGERS,
    status: 200,
    call: (s) => ({
      method: 'PUT',
      path: `/api/jams/${s.jam.slug}/entries/${s.entry.id}/review`,
      json: { review: 'disqualified' },
    }),
    effect: async (s, env) =>
      expect(await entryRow(env.db, s.entry.id)).toMatchObject({ review: 'disqualified', reviewedBy: s.me!.id }),
  },
  {
    method: 'POST',
    pattern: '/api/jams/[slug]/entries/check',
    allowed: MANAGERS,
    status: 200,
    call: (s) => ({ method: 'POST', path: `/api/jams/${s.jam.slug}/entries/check` }),
    // The scene's project is not on the fake Scratch: its entry is kept as it was, and marked as read.
    effect: async (s, env, reply) => {
      expect(reply.body).toEqual({
        checked: 1,
        left: 0,
        missing: [{ id: s.entry.id, title: s.entry.title, scratchId: s.entry.scratchId }],
      });
      expect((await entryRow(env.db, s.entry.id))?.historyCheckedAt).toBeInstanceOf(Date);
    },
  },
  {
    method: 'PUT',
    pattern: '/api/jams/[slug]/entries/[id]/winner',
    jam: 'ended',
    allowed: MANAGERS,
    status: 200,
    call: (s) => ({ method: 'PUT', path: `/api/jams/${s.jam.slug}/entries/${s.entry.id}/winner` }),
    effect: async (s, env) => expect((await entryRow(env.db, s.entry.id))?.isWinner).toBe(true),
  },
  {
    method: 'DELETE',
    pattern: '/api/jams/[slug]/entries/[id]/winner',
    jam: 'ended',
    allowed: MANAGERS,
    status: 200,
    prepare: async (s, env) => {
      await env.db.update(entries).set({ isWinner: true }).where(eq(entries.id, s.entry.id));
    },
    call: (s) => ({ method: 'DELETE', path: `/api/jams/${s.jam.slug}/entries/${s.entry.id}/winner` }),
    effect: async (s, env) => expect((await entryRow(env.db, s.entry.id))?.isWinner).toBe(false),
  },
];

export const reads: ReadRow[] = [
  {
    pattern: '/api/jams/[slug]/review',
    allowed: MANAGERS,
    path: (s) => `/api/jams/${s.jam.slug}/review`,
    shows: (s, reply) =>
      expect(reply.body.entries.map((entry: { id: number; review: string }) => [entry.id, entry.review])).toEqual([
        [s.entry.id, 'open'],
      ]),
  },
  {
    pattern: '/api/jams/[slug]/entries.csv',
    allowed: MANAGERS,
    path: (s) => `/api/jams/${s.jam.slug}/entries.csv`,
    shows: (s, reply) => expect(String(reply.body)).toContain(`Project ${s.entry.scratchId}`),
  },
  {
    pattern: '/api/jams/[slug]/my-votes',
    allowed: ACTIVE_USERS,
    path: (s) => `/api/jams/${s.jam.slug}/my-votes`,
    shows: (_s, reply) => expect(reply.body).toMatchObject({ used: 0, entryIds: [] }),
  },
];
