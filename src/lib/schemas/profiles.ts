/** A person's public profile (issue 35 §2): the jams they entered and manage, and what they won. */
import { z } from 'zod';
import { isoDateTime, named, pageFields } from './common';
import { criterionResultSchema } from './entries';

/** Entries on one page of a profile (a prolific Scratcher's 200 entries come in pages). */
export const PROFILE_ENTRIES_PER_PAGE = 20;
/** Jams managed shown on a profile: the newest ones; the total says how many more. */
export const PROFILE_MANAGED_LIMIT = 24;

export const PROFILE_ROLES = ['submitter', 'co-creator'] as const;
export type ProfileRole = (typeof PROFILE_ROLES)[number];

export const profileQuerySchema = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
});

const profileJamSchema = z.object({
  slug: z.string(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  startsAt: isoDateTime,
  endsAt: isoDateTime,
  votingEndsAt: isoDateTime.nullable(),
});

export const profileEntrySchema = named(
  'ProfileEntry',
  z.object({
    jam: profileJamSchema,
    id: z.int(),
    scratchId: z.int(),
    title: z.string(),
    thumbnailUrl: z.string().nullable(),
    authorName: z.string().meta({ description: 'Who submitted it (the Scratch project’s author).' }),
    role: z.enum(PROFILE_ROLES).meta({ description: '`submitter`, or `co-creator` when credited on someone else’s entry.' }),
    resultsPublic: z.boolean(),
    rank: z
      .int()
      .nullable()
      .meta({ description: 'Its place once the results are public; null before, and for a disqualified entry.' }),
    rankOf: z
      .int()
      .nullable()
      .meta({ description: 'How many entries its jam has (the N of "3rd of N"); null when `rank` is null.' }),
    winner: z.boolean().meta({ description: "The managers' winner." }),
    communityChoice: z.boolean().meta({ description: 'The most upvoted entry besides the winner, once the results are public.' }),
    criteria: z.array(criterionResultSchema).nullable().meta({
      description: 'In a ratings jam, once the results are public: its average, ratings and place per criterion; null otherwise.',
    }),
    disqualified: z.boolean(),
    kudos: z.int().nullable().meta({ description: "Kudos stickers it got; null when the jam's feedback is off." }),
  }),
);
export type ProfileEntryDto = z.infer<typeof profileEntrySchema>;

export const profileSchema = named(
  'Profile',
  z.object({
    name: z.string().meta({ description: 'The Scratch username as stored (its canonical spelling).' }),
    avatarUrl: z.string(),
    scratchUrl: z.string(),
    joinedAt: isoDateTime.meta({ description: 'When they first logged in to (or were added to) Itinerary.' }),
    totals: z.object({
      entries: z.int().meta({ description: 'Entries submitted or credited on as an accepted co-creator.' }),
      wins: z.int().meta({ description: "Entries chosen as their jam's winner." }),
      kudos: z.int().meta({ description: 'Kudos stickers their entries received.' }),
      managed: z.int().meta({ description: 'Jams they manage.' }),
    }),
    entries: z.object({ items: z.array(profileEntrySchema), ...pageFields }),
    managed: z
      .array(profileJamSchema)
      .meta({ description: 'The newest jams they manage (at most 24; `totals.managed` counts all).' }),
  }),
);
export type ProfileDto = z.infer<typeof profileSchema>;
