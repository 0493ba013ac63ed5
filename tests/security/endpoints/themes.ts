/** Theme rounds (ADR 043): managers set the schedule and moderate; those who may vote suggest and vote. */
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { jams, themeAnswers, themeFinalVotes, themeSuggesters, themeSuggestions } from '#db/schema';
import type { Environment } from '../../helpers/environment';
import { ACTIVE_USERS, HOUR, MANAGERS, type ReadRow, type Row, type Scene } from './scene';

type Phase = 'suggesting' | 'round1' | 'final';
const HOURS: Record<Phase, number[]> = { suggesting: [-1, 1, 2, 3], round1: [-2, -1, 1, 2], final: [-3, -2, -1, 1] };

/** The scene's jam, upcoming, in a theme phase, with two suggestions by the bystander. */
export async function inPhase(s: Scene, env: Environment, phase: Phase) {
  const [a, b, c, d] = HOURS[phase].map((hours) => new Date(Date.now() + hours * HOUR));
  await env.db
    .update(jams)
    .set({
      themeRounds: true,
      themeSuggestFrom: a!,
      themeRound1From: b!,
      themeFinalFrom: c!,
      themeClosesAt: d!,
      startsAt: new Date(Date.now() + 10 * HOUR),
      endsAt: new Date(Date.now() + 48 * HOUR),
    })
    .where(eq(jams.id, s.jam.id));
  const rows = await env.db
    .insert(themeSuggestions)
    .values([
      { jamId: s.jam.id, key: 'comet', text: 'Comets', suggestedBy: s.bystander.id },
      { jamId: s.jam.id, key: 'glacier', text: 'Glaciers', suggestedBy: s.bystander.id },
    ])
    .returning();
  s.extra.first = String(rows[0]!.id);
  s.extra.second = String(rows[1]!.id);
}

export const suggestion = (s: Scene, id = s.extra.first) => `/api/jams/${s.jam.slug}/theme/suggestions/${id}`;

export const writes: Row[] = [
  {
    method: 'PUT',
    pattern: '/api/jams/[slug]/theme/rounds',
    jam: 'upcoming',
    allowed: MANAGERS,
    status: 200,
    call: (s) => ({
      method: 'PUT',
      path: `/api/jams/${s.jam.slug}/theme/rounds`,
      json: {
        enabled: true,
        suggestFrom: new Date(Date.now() + HOUR).toISOString(),
        round1From: new Date(Date.now() + 2 * HOUR).toISOString(),
        finalFrom: new Date(Date.now() + 3 * HOUR).toISOString(),
        closesAt: new Date(Date.now() + 4 * HOUR).toISOString(),
      },
    }),
    effect: async (s, env) => {
      const [jam] = await env.db.select().from(jams).where(eq(jams.id, s.jam.id));
      expect(jam!.themeRounds).toBe(true);
    },
  },
  {
    method: 'POST',
    pattern: '/api/jams/[slug]/theme/suggestions',
    jam: 'upcoming',
    allowed: ACTIVE_USERS,
    status: 201,
    prepare: (s, env) => inPhase(s, env, 'suggesting'),
    call: (s) => ({ method: 'POST', path: `/api/jams/${s.jam.slug}/theme/suggestions`, json: { text: 'Volcanoes' } }),
    effect: async (s, env) => {
      const rows = await env.db
        .select()
        .from(themeSuggesters)
        .where(and(eq(themeSuggesters.jamId, s.jam.id), eq(themeSuggesters.userId, s.me!.id)));
      expect(rows).toHaveLength(1);
    },
  },
  {
    method: 'DELETE',
    pattern: '/api/jams/[slug]/theme/suggestions/[id]',
    jam: 'upcoming',
    allowed: MANAGERS,
    status: 200,
    prepare: (s, env) => inPhase(s, env, 'suggesting'),
    call: (s) => ({ method: 'DELETE', path: suggestion(s) }),
    effect: async (s, env) => {
      expect(
        await env.db
          .select()
          .from(themeSuggestions)
          .where(eq(themeSuggestions.id, Number(s.extra.first))),
      ).toEqual([]);
    },
  },
  {
    method: 'POST',
    pattern: '/api/jams/[slug]/theme/suggestions/[id]/merge',
    jam: 'upcoming',
    allowed: MANAGERS,
    status: 200,
    prepare: (s, env) => inPhase(s, env, 'suggesting'),
    call: (s) => ({ method: 'POST', path: `${suggestion(s)}/merge`, json: { into: Number(s.extra.second) } }),
    effect: async (s, env) => {
      const left = await env.db.select().from(themeSuggestions).where(eq(themeSuggestions.jamId, s.jam.id));
      expect(left.map((row) => row.text)).toEqual(['Glaciers']);
    },
  },
  {
    method: 'PUT',
    pattern: '/api/jams/[slug]/theme/suggestions/[id]/answer',
    jam: 'upcoming',
    allowed: ACTIVE_USERS,
    status: 200,
    prepare: (s, env) => inPhase(s, env, 'round1'),
    call: (s) => ({ method: 'PUT', path: `${suggestion(s)}/answer`, json: { answer: 'yes' } }),
    effect: async (s, env) => {
      const rows = await env.db.select().from(themeAnswers).where(eq(themeAnswers.userId, s.me!.id));
      expect(rows.map((row) => row.answer)).toEqual(['yes']);
    },
  },
  {
    method: 'PUT',
    pattern: '/api/jams/[slug]/theme/pick',
    jam: 'upcoming',
    allowed: ACTIVE_USERS,
    status: 200,
    prepare: (s, env) => inPhase(s, env, 'final'),
    call: (s) => ({ method: 'PUT', path: `/api/jams/${s.jam.slug}/theme/pick`, json: { suggestionId: Number(s.extra.second) } }),
    effect: async (s, env) => {
      const rows = await env.db.select().from(themeFinalVotes).where(eq(themeFinalVotes.userId, s.me!.id));
      expect(rows.map((row) => row.suggestionId)).toEqual([Number(s.extra.second)]);
    },
  },
];

export const reads: ReadRow[] = [
  {
    pattern: '/api/jams/[slug]/theme/suggestions',
    allowed: MANAGERS,
    prepare: (s, env) => inPhase(s, env, 'suggesting'),
    path: (s) => `/api/jams/${s.jam.slug}/theme/suggestions`,
    shows: (_s, reply) => expect(reply.body.suggestions.map((row: { text: string }) => row.text)).toEqual(['Comets', 'Glaciers']),
  },
  {
    pattern: '/api/jams/[slug]/theme/mine',
    allowed: ACTIVE_USERS,
    prepare: (s, env) => inPhase(s, env, 'round1'),
    path: (s) => `/api/jams/${s.jam.slug}/theme/mine`,
    shows: (s, reply) =>
      expect(reply.body).toMatchObject({ phase: 'round1', next: { id: Number(s.extra.first), text: 'Comets' } }),
  },
];
