/**
 * Demo data for trying Itinerary locally. Deterministic (same names, texts and ids every run;
 * dates relative to the day it runs) and idempotent (running it again updates, never duplicates).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { LibSQLDatabase } from 'drizzle-orm/libsql';
import * as schema from './schema';

const { users, jams, jamManagers, jamParticipants, jamRequests, entries, votes, reports } = schema;
const DAY = 24 * 60 * 60 * 1000;

export const DEMO_ADMIN = 'demo_admin';
export const DEMO_USERS = ['pixel_pioneer', 'sprite_smith', 'loop_legend', 'block_builder', 'cat_coder'] as const;

type DemoJam = {
  slug: string;
  name: string;
  description: string;
  body: string;
  startDay: number;
  endDay: number;
  featured: boolean;
  mystery: boolean;
  manager: string;
  entries: { scratchId: number; by: string; title: string; winner?: boolean; instructions?: string; notes?: string }[];
  votes: [voter: string, scratchId: number][];
  /** Open reports for the moderation queue: about an entry (its Scratch id) or, with null, the jam. */
  reports?: [reporter: string, scratchId: number | null, reason: string, text: string][];
};

const DEMO_JAMS: DemoJam[] = [
  {
    slug: 'winter-mystery-jam',
    name: 'Winter Mystery Jam',
    description: 'The theme is a secret until the jam starts. Warm up your sprites!',
    body: '## Theme\n\n**Frozen in time.** Make a game where time stands still.\n\n## Rules\n\n- Made during the jam\n- One project per Scratcher\n\n## Prize\n\nA spot on the front page.',
    startDay: 3,
    endDay: 10,
    featured: true,
    mystery: true,
    manager: 'loop_legend',
    entries: [],
    votes: [],
  },
  {
    slug: 'space-sprint-jam',
    name: 'Space Sprint Jam',
    description: 'Make a fast-paced space game in one week.',
    body: '## Theme\n\n**Orbit.** Anything that goes round and round.\n\n## Rules\n\n1. Start a new project during the jam.\n2. Credit any assets you remix.\n3. Be kind in the comments.\n\n## Prize\n\nThe winners are featured on the home page. [Scratch community guidelines](https://scratch.mit.edu/community_guidelines)',
    startDay: -2,
    endDay: 5,
    featured: true,
    mystery: false,
    manager: 'pixel_pioneer',
    entries: [
      {
        scratchId: 900000101,
        by: 'sprite_smith',
        title: 'Orbit Runner',
        instructions: 'Arrow keys to steer, space to boost.\nReach the moon!',
        notes: 'Music by https://example.com/orbit-music\nThanks to loop_legend for testing.',
      },
      { scratchId: 900000102, by: 'loop_legend', title: 'Gravity Golf' },
      { scratchId: 900000103, by: 'block_builder', title: 'Moon Miner' },
    ],
    votes: [
      ['pixel_pioneer', 900000101],
      ['cat_coder', 900000101],
      ['cat_coder', 900000102],
      ['sprite_smith', 900000103],
    ],
    reports: [
      ['cat_coder', 900000102, 'not-their-work', 'This looks like a copy of a golf game I played last year, with no credit.'],
      ['block_builder', 900000102, 'not-their-work', ''],
      ['sprite_smith', 900000102, 'inappropriate', 'The losing screen uses a rude word.'],
      ['loop_legend', 900000103, 'spam', 'The title screen only links to an unrelated video channel.'],
    ],
  },
  {
    slug: 'autumn-arcade-jam',
    name: 'Autumn Arcade Jam',
    description: 'Retro arcade games with a cosy autumn twist.',
    body: '## Theme\n\n**Falling leaves.**\n\n## Rules\n\nOne entry per Scratcher, made during the jam.\n\n## Prize\n\nBragging rights and a winner badge.',
    startDay: -30,
    endDay: -16,
    featured: false,
    mystery: false,
    manager: 'sprite_smith',
    entries: [
      {
        scratchId: 900000201,
        by: 'pixel_pioneer',
        title: 'Leaf Catcher',
        winner: true,
        instructions: 'Move the basket with the mouse and catch the falling leaves.\nGolden leaves are worth 5 points.',
        notes: 'Sounds from the Scratch library. Leaf art by cat_coder.',
      },
      { scratchId: 900000202, by: 'cat_coder', title: 'Pumpkin Pong' },
      { scratchId: 900000203, by: 'loop_legend', title: 'Acorn Invaders' },
    ],
    votes: [
      ['sprite_smith', 900000202],
      ['block_builder', 900000202],
      ['pixel_pioneer', 900000203],
      ['cat_coder', 900000201],
    ],
    reports: [['cat_coder', null, 'other', 'The rules promised two weeks, but the jam closed after one.']],
  },
];

type DemoJamRequest = {
  by: string;
  name: string;
  description: string;
  body: string;
  startDay: number;
  endDay: number;
  note: string;
  status: schema.JamRequestStatus;
  mystery?: boolean;
  /** The demo jam an approved request made. */
  jamSlug?: string;
  declineReason?: string;
};

/** Jam requests: one that made a demo jam, two waiting, one declined (one pending per user, as the site keeps it). */
const DEMO_JAM_REQUESTS: DemoJamRequest[] = [
  {
    by: 'loop_legend',
    name: 'Winter Mystery Jam',
    description: 'The theme is a secret until the jam starts. Warm up your sprites!',
    body: '## Theme\n\nA secret until the start.',
    startDay: 3,
    endDay: 10,
    note: 'I would love to run a winter jam with a surprise theme.',
    status: 'approved',
    mystery: true,
    jamSlug: 'winter-mystery-jam',
  },
  {
    by: 'block_builder',
    name: 'Puzzle Planet Jam',
    description: 'A week of brain-teasers: make a puzzle game set on a tiny planet.',
    body: '## Theme\n\n**Tiny worlds.**\n\n## Rules\n\nOne project per Scratcher, made during the jam.',
    startDay: 14,
    endDay: 21,
    note: 'I ran two puzzle jams in my studio (120 entries) and would like to host this one here.',
    status: 'pending',
  },
  {
    by: 'sprite_smith',
    name: 'Retro Racing Week',
    description: 'Pixel-art racing games, from go-karts to starships.',
    body: '## Theme\n\n**Full throttle.**',
    startDay: 20,
    endDay: 27,
    note: '',
    status: 'pending',
  },
  {
    by: 'cat_coder',
    name: 'Cat Meme Marathon',
    description: 'Make the funniest cat meme generator.',
    body: '',
    startDay: 5,
    endDay: 6,
    note: 'Cats!',
    status: 'declined',
    declineReason: 'A jam needs at least a few days and a game-making theme. Please send it again with rules for the games.',
  },
];

const thumbnail = (scratchId: number) => `https://cdn2.scratch.mit.edu/get_image/project/${scratchId}_480x360.png`;

export async function seedDemoData(database: LibSQLDatabase<typeof schema>, now = new Date()): Promise<void> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  await database.transaction(async (tx) => {
    const userIds = new Map<string, number>();
    for (const name of [DEMO_ADMIN, ...DEMO_USERS]) {
      const [row] = await tx
        .insert(users)
        .values({ name, isAdmin: name === DEMO_ADMIN })
        .onConflictDoUpdate({ target: sql`lower(${users.name})`, set: { name } })
        .returning({ id: users.id });
      userIds.set(name, row!.id);
    }
    const id = (name: string) => userIds.get(name)!;

    for (const jam of DEMO_JAMS) {
      const fields = {
        name: jam.name,
        description: jam.description,
        body: jam.body,
        imageUrl: null,
        startsAt: new Date(today + jam.startDay * DAY),
        endsAt: new Date(today + jam.endDay * DAY),
        featured: jam.featured,
        mystery: jam.mystery,
      };
      const [row] = await tx
        .insert(jams)
        .values({ slug: jam.slug, ...fields, createdBy: id(DEMO_ADMIN), updatedBy: id(DEMO_ADMIN) })
        .onConflictDoUpdate({ target: jams.slug, set: fields })
        .returning({ id: jams.id });
      const jamId = row!.id;
      await tx
        .insert(jamManagers)
        .values({ jamId, userId: id(jam.manager) })
        .onConflictDoNothing();

      for (const [index, entry] of jam.entries.entries()) {
        await tx
          .insert(entries)
          .values({
            jamId,
            scratchId: entry.scratchId,
            submitterId: id(entry.by),
            title: entry.title,
            thumbnailUrl: thumbnail(entry.scratchId),
            authorName: entry.by,
            isWinner: entry.winner ?? false,
            instructions: entry.instructions ?? '',
            notes: entry.notes ?? '',
            submittedAt: new Date(today + jam.startDay * DAY + (index + 1) * 3_600_000),
          })
          .onConflictDoNothing();
        // Submitting joins the jam (as the site does).
        await tx
          .insert(jamParticipants)
          .values({ jamId, userId: id(entry.by) })
          .onConflictDoNothing();
      }
      for (const [voter, scratchId] of jam.votes) {
        const entry = await tx.query.entries.findFirst({
          where: and(eq(entries.jamId, jamId), eq(entries.scratchId, scratchId)),
        });
        await tx
          .insert(votes)
          .values({ entryId: entry!.id, voterId: id(voter), jamId })
          .onConflictDoNothing();
      }
      for (const [reporter, scratchId, reason, text] of jam.reports ?? []) {
        const entry =
          scratchId === null
            ? null
            : await tx.query.entries.findFirst({ where: and(eq(entries.jamId, jamId), eq(entries.scratchId, scratchId)) });
        await tx
          .insert(reports)
          .values({ reporterId: id(reporter), jamId, entryId: entry?.id ?? null, reason, text })
          .onConflictDoNothing();
      }
    }

    for (const request of DEMO_JAM_REQUESTS) {
      const answered = request.status !== 'pending';
      const [jam] = request.jamSlug ? await tx.select({ id: jams.id }).from(jams).where(eq(jams.slug, request.jamSlug)) : [];
      const fields = {
        description: request.description,
        body: request.body,
        imageUrl: null,
        startsAt: new Date(today + request.startDay * DAY),
        endsAt: new Date(today + request.endDay * DAY),
        mystery: request.mystery ?? false,
        note: request.note,
        status: request.status,
        declineReason: request.declineReason ?? null,
        jamId: jam?.id ?? null,
        reviewedBy: answered ? id(DEMO_ADMIN) : null,
        reviewedAt: answered ? new Date(today - DAY) : null,
        createdAt: new Date(today - 2 * DAY),
      };
      const where = and(eq(jamRequests.requesterId, id(request.by)), eq(jamRequests.name, request.name));
      const [existing] = await tx.select({ id: jamRequests.id }).from(jamRequests).where(where);
      if (existing) {
        await tx.update(jamRequests).set(fields).where(eq(jamRequests.id, existing.id));
        continue;
      }
      // One pending request per user: someone who sent one of their own keeps it.
      const pending = and(eq(jamRequests.requesterId, id(request.by)), eq(jamRequests.status, 'pending'));
      if (request.status === 'pending' && (await tx.select({ id: jamRequests.id }).from(jamRequests).where(pending)).length)
        continue;
      await tx.insert(jamRequests).values({ requesterId: id(request.by), name: request.name, ...fields });
    }
  });
}
