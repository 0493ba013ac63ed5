/**
 * "Download my data" (issue 41 §3): everything Itinerary keeps about the person asking, as one JSON
 * file (GET /api/me/export). Never a session token or a feed secret, and of other people only what
 * the person already sees on the site (a jam's or an entry's title, who gave them kudos).
 */
import { z } from 'zod';
import { INBOX_KINDS } from '#lib/inbox';
import { ENTRY_REVIEWS } from '#lib/judging';
import { isoDateTime, named } from './common';
import { REPORT_REASONS } from './reports';

/** The parts of the file, in its order; the dashboard and the privacy page name the same ones. */
export const MY_DATA_SECTIONS = [
  'profile',
  'entries',
  'credits',
  'notes',
  'kudosGiven',
  'votes',
  'ratings',
  'judging',
  'judgeFeedback',
  'plays',
  'reports',
  'notifications',
  'jamRequests',
  'joinedJams',
  'managedJams',
  'lateWindows',
  'themeSuggestions',
  'themeAnswers',
  'themePicks',
  'jamVersions',
  'heldTexts',
] as const;

const jamRef = z.object({ slug: z.string(), name: z.string() });
const entryRef = z.object({ id: z.int(), title: z.string() });

export const myDataSchema = named(
  'MyData',
  z.object({
    format: z.literal('itinerary-my-data'),
    version: z.literal(1),
    exportedAt: isoDateTime,
    profile: z.object({
      id: z.int(),
      name: z.string(),
      avatarUrl: z.string().nullable(),
      isAdmin: z.boolean(),
      isBanned: z.boolean(),
      joinedAt: isoDateTime,
      updatedAt: isoDateTime,
      /** Whether private calendar and RSS addresses exist; their secret is never in the file. */
      privateFeeds: z.boolean(),
    }),
    /** The projects you submitted. */
    entries: z.array(
      z.object({
        id: z.int(),
        jam: jamRef,
        scratchId: z.int(),
        title: z.string(),
        authorName: z.string(),
        instructions: z.string(),
        notes: z.string(),
        submittedAt: isoDateTime,
        isWinner: z.boolean(),
        review: z.enum(ENTRY_REVIEWS),
        playCount: z.int(),
        kudosCount: z.int(),
        /** Your answers to the jam's submission questions, by question id (ADR 042). */
        answers: z.record(z.string(), z.union([z.string(), z.boolean()])),
        late: z.boolean(),
      }),
    ),
    /** Entries you were invited to as a co-creator, and whether you accepted. */
    credits: z.array(
      z.object({
        entry: entryRef,
        jam: jamRef,
        status: z.enum(['invited', 'accepted']),
        invitedAt: isoDateTime,
        acceptedAt: isoDateTime.nullable(),
      }),
    ),
    notes: z.array(
      z.object({ id: z.int(), entry: entryRef, jam: jamRef, text: z.string(), createdAt: isoDateTime, hidden: z.boolean() }),
    ),
    kudosGiven: z.array(z.object({ entry: entryRef, jam: jamRef, sticker: z.string(), createdAt: isoDateTime })),
    votes: z.array(z.object({ entry: entryRef, jam: jamRef, createdAt: isoDateTime })),
    /** Stars you gave in ratings jams (ADR 039); `criterion` is its name now (null: since removed). */
    ratings: z.array(
      z.object({
        entry: entryRef,
        jam: jamRef,
        criterion: z.string().nullable(),
        stars: z.int(),
        createdAt: isoDateTime,
        updatedAt: isoDateTime,
      }),
    ),
    /** Jams you were invited to judge, and whether you accepted (ADR 040). */
    judging: z.array(
      z.object({
        jam: jamRef,
        status: z.enum(['invited', 'accepted']),
        invitedAt: isoDateTime,
        acceptedAt: isoDateTime.nullable(),
      }),
    ),
    /** The private feedback you wrote as a judge (ADR 040). */
    judgeFeedback: z.array(
      z.object({ entry: entryRef, jam: jamRef, text: z.string(), createdAt: isoDateTime, updatedAt: isoDateTime }),
    ),
    plays: z.array(z.object({ entry: entryRef, jam: jamRef, playedAt: isoDateTime })),
    /** Reports you made; who handled them, and how, is not yours to keep. */
    reports: z.array(
      z.object({
        id: z.int(),
        jam: jamRef,
        entry: entryRef.nullable(),
        noteId: z.int().nullable(),
        reason: z.enum(REPORT_REASONS),
        text: z.string(),
        /** Open, or closed by the moderators; what they decided is about someone else, so it is not here. */
        status: z.enum(['open', 'closed']),
        createdAt: isoDateTime,
        closedAt: isoDateTime.nullable(),
      }),
    ),
    notifications: z.array(
      z.object({
        id: z.int(),
        kind: z.enum(INBOX_KINDS),
        jam: jamRef.nullable(),
        entry: entryRef.nullable(),
        /** Who caused it, as your inbox shows them (null: nobody, or a deleted account). */
        actor: z.string().nullable(),
        data: z.record(z.string(), z.unknown()).nullable(),
        createdAt: isoDateTime,
        readAt: isoDateTime.nullable(),
      }),
    ),
    jamRequests: z.array(
      z.object({
        id: z.int(),
        name: z.string(),
        description: z.string(),
        body: z.string(),
        imageUrl: z.string().nullable(),
        startsAt: isoDateTime,
        endsAt: isoDateTime,
        mystery: z.boolean(),
        note: z.string(),
        status: z.enum(['pending', 'approved', 'declined']),
        declineReason: z.string().nullable(),
        createdAt: isoDateTime,
      }),
    ),
    joinedJams: z.array(z.object({ jam: jamRef, joinedAt: isoDateTime })),
    managedJams: z.array(z.object({ jam: jamRef, addedAt: isoDateTime })),
    /** Late-submission windows a manager opened for you (ADR 042). */
    lateWindows: z.array(z.object({ jam: jamRef, until: isoDateTime, grantedAt: isoDateTime })),
    /**
     * Themes you suggested (ADR 043). A theme is kept once however it is spelt: `first` says you
     * suggested it first, so `text` is your spelling; otherwise it is the first suggester's.
     */
    themeSuggestions: z.array(z.object({ jam: jamRef, text: z.string(), first: z.boolean(), suggestedAt: isoDateTime })),
    /** Your round-1 answers (Yes / No / Skip) on the jams' theme suggestions. */
    themeAnswers: z.array(
      z.object({ jam: jamRef, theme: z.string(), answer: z.enum(['yes', 'no', 'skip']), answeredAt: isoDateTime }),
    ),
    /** Your upvote in each jam's final theme round. */
    themePicks: z.array(z.object({ jam: jamRef, theme: z.string(), pickedAt: isoDateTime, updatedAt: isoDateTime })),
    /**
     * The jam versions (ADR 050) of the entries you submitted or are credited on: each `.sb3` is
     * downloaded at `fileUrl` on this site (its SHA-256 names it), so the file itself stays out of this JSON.
     */
    jamVersions: z.array(
      z.object({
        jam: jamRef,
        entry: entryRef,
        uploadedAt: isoDateTime,
        uploadedByYou: z.boolean(),
        size: z.int(),
        sha256: z.string(),
        fileUrl: z.string(),
      }),
    ),
    /**
     * Your texts waiting for a moderator (issue 53 §2): a theme you suggested, an answer on your entry,
     * a jam's description or body. Only you and the moderators read them until one approves.
     */
    heldTexts: z.array(
      z.object({ jam: jamRef, kind: z.enum(['theme', 'answer', 'jam']), text: z.string(), heldAt: isoDateTime }),
    ),
  }),
);
export type MyDataDto = z.infer<typeof myDataSchema>;
