/**
 * The showcase: demo jams that show every feature the three base jams of db/seed.ts do not (issue 57):
 * ratings by criteria with judges and their feedback, a theme vote in each round, submission
 * questions, a late window, hidden entries, results waiting for a manager's publish, a live jam with
 * recent events, teams, notes and plays spread over each jam's days (its statistics page).
 *
 * `npm run db:seed` and the screenshots write it after the base seed; the end-to-end suite seeds the
 * base only, so its counts stay as they were. Deterministic (no randomness: the "random" stars and
 * plays come from the indexes) and idempotent (a second run finds each jam by its slug and leaves it).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { LibSQLDatabase } from 'drizzle-orm/libsql';
import * as schema from './schema';
import type { EntryAnswers, JamQuestion } from './schema';

const {
  users,
  jams,
  jamManagers,
  jamParticipants,
  entries,
  entryCredits,
  votes,
  ratings,
  plays,
  notes,
  jamJudges,
  judgeFeedback,
  lateSubmissions,
  themeSuggestions,
  themeSuggesters,
  themeAnswers,
  themeFinalVotes,
  jamEvents,
} = schema;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** More Scratchers, so the showcase's jams have a crowd (the base seed's five take part too). */
export const SHOWCASE_USERS = [
  'comet_kid',
  'maze_maker',
  'pixel_panda',
  'star_sketcher',
  'bouncy_bot',
  'quiz_whiz',
  'doodle_dino',
  'tune_tinker',
] as const;
const BASE_USERS = ['pixel_pioneer', 'sprite_smith', 'loop_legend', 'block_builder', 'cat_coder'];
const EVERYONE = [...BASE_USERS, ...SHOWCASE_USERS];

/** Which showcase jam shows what (README's "Trying it offline" names the same). */
export const SHOWCASE = {
  ratings: 'pixel-garden-jam',
  resultsWaiting: 'robot-rescue-jam',
  live: 'ocean-quest-jam',
  hiddenEntries: 'secret-lab-jam',
  lateWindow: 'dragon-dash-jam',
  themeSuggesting: 'cloud-castle-jam',
  themeRound1: 'tiny-town-jam',
  themeFinal: 'music-maker-jam',
} as const;

const QUESTIONS: JamQuestion[] = [
  {
    id: 1,
    kind: 'choice',
    prompt: 'Which part did you enjoy making most?',
    choices: ['Art', 'Sounds', 'Code'],
    required: true,
    private: false,
  },
  { id: 2, kind: 'yesno', prompt: 'Is this your first game jam?', choices: [], required: false, private: false },
  { id: 3, kind: 'text', prompt: 'Anything the hosts should know?', choices: [], required: false, private: true },
];

const GAME_TITLES = [
  'Sunflower Sprint',
  'Bee Bounce',
  'Carrot Quest',
  'Mushroom Maze',
  'Snail Mail',
  'Tulip Tower',
  'Rainy Day Rescue',
  'Seed Shooter',
  'Ladybug Leap',
  'Pumpkin Patch Panic',
];
const NOTE_TEXTS = [
  'I love the music in this one!',
  'The second level made me laugh. Great job!',
  'Took me three tries but I beat it :)',
  'The art is so colourful.',
  'Could you add a restart button? I want to play again!',
  'This is my favourite so far.',
];
const FEEDBACK_TEXTS = [
  'Lovely art and a clear goal. A little tutorial on the first screen would help new players.',
  'Great use of the theme! The controls felt smooth. Try adding sounds when you score.',
  'Fun idea. The last level is very hard, maybe give players one extra life.',
];

type ShowEntry = {
  by: string;
  title: string;
  /** Hours after the jam's start (negative: before now, for the live jam). */
  at: number;
  team?: { user: string; accepted: boolean }[];
  answers?: EntryAnswers;
  late?: boolean;
  /** The managers' winner. */
  winner?: boolean;
};

type ShowJam = {
  slug: string;
  name: string;
  description: string;
  body: string;
  startsAt: number;
  endsAt: number;
  manager: string;
  entries: ShowEntry[];
  fields?: Partial<typeof jams.$inferInsert>;
  /** Who joined without entering (yet). */
  joined?: string[];
  votes?: boolean;
  ratings?: boolean;
  judges?: { user: string; accepted: boolean }[];
  notes?: boolean;
  plays?: boolean;
  /** Theme suggestions, with round-1 answers and final votes when the round has come. */
  themes?: { texts: string[]; round1?: boolean; final?: boolean };
  lateWindow?: { user: string; until: number };
  /** Entry events of the last hour (the live jam). */
  liveEvents?: boolean;
};

/** Stars or counts that look random but are the same every run. */
const spread = (a: number, b: number, mod: number) => ((a * 7 + b * 13 + ((a * b) % 5)) % mod) + 1;

function showJams(today: number, now: number): ShowJam[] {
  const hourNow = Math.floor(now / HOUR) * HOUR;
  return [
    {
      slug: SHOWCASE.ratings,
      name: 'Pixel Garden Jam',
      description: 'Grow a game! Rated by the community and a panel of judges on five criteria.',
      body: '## Theme\n\nChosen by you in the theme vote.\n\n## Judging\n\nEveryone rates entries from 1 to 5 stars on Overall, Fun, Art, Sound and Theme. Our judges pick their own favourites too.\n\n## Rules\n\n- Made during the jam\n- Teams of up to three are welcome',
      startsAt: today - 21 * DAY,
      endsAt: today - 14 * DAY,
      manager: 'pixel_pioneer',
      fields: {
        judging: 'ratings',
        whoJudges: 'both',
        minRatings: 2,
        votingEndsAt: new Date(today - 10 * DAY),
        questions: QUESTIONS,
        themeRounds: true,
        themeSuggestFrom: new Date(today - 30 * DAY),
        themeRound1From: new Date(today - 27 * DAY),
        themeFinalFrom: new Date(today - 24 * DAY),
        themeClosesAt: new Date(today - 22 * DAY),
        themeFinalists: 4,
        themeLeader: 'Growing things',
        accentColor: '#318435',
      },
      entries: [
        { by: 'sprite_smith', title: GAME_TITLES[0]!, at: 20, team: [{ user: 'comet_kid', accepted: true }], winner: true },
        { by: 'loop_legend', title: GAME_TITLES[1]!, at: 30 },
        { by: 'block_builder', title: GAME_TITLES[2]!, at: 50 },
        { by: 'cat_coder', title: GAME_TITLES[3]!, at: 75 },
        { by: 'pixel_panda', title: GAME_TITLES[4]!, at: 100 },
        { by: 'star_sketcher', title: GAME_TITLES[5]!, at: 130 },
        { by: 'bouncy_bot', title: GAME_TITLES[6]!, at: 150 },
        { by: 'doodle_dino', title: GAME_TITLES[7]!, at: 160 },
        { by: 'tune_tinker', title: GAME_TITLES[8]!, at: 166 },
      ].map((entry, index) => ({
        ...entry,
        answers: {
          '1': QUESTIONS[0]!.choices[index % 3]!,
          '2': index % 2 === 0,
          '3': index === 0 ? 'We made the music ourselves!' : '',
        },
      })),
      joined: ['maze_maker', 'quiz_whiz'],
      ratings: true,
      judges: [
        { user: 'maze_maker', accepted: true },
        { user: 'quiz_whiz', accepted: true },
      ],
      notes: true,
      plays: true,
      themes: {
        texts: ['Growing things', 'Tiny helpers', 'Upside down', 'Seasons change', 'Lost and found'],
        round1: true,
        final: true,
      },
    },
    {
      slug: SHOWCASE.resultsWaiting,
      name: 'Robot Rescue Jam',
      description: 'Build a game about friendly robots saving the day. Results come when the hosts publish them.',
      body: '## Theme\n\n**Helpful robots.**\n\n## Results\n\nThe hosts check every entry first, then publish the results.',
      startsAt: today - 12 * DAY,
      endsAt: today - 5 * DAY,
      manager: 'block_builder',
      fields: { results: 'manual', hiddenEntries: true, votingEndsAt: new Date(today - DAY), accentColor: '#1871d7' },
      entries: [
        { by: 'comet_kid', title: 'Bolt to the Rescue', at: 10 },
        { by: 'maze_maker', title: 'Gear Garden', at: 40 },
        { by: 'pixel_panda', title: 'Robo Recycler', at: 70 },
        { by: 'quiz_whiz', title: 'Circuit Climb', at: 110, team: [{ user: 'tune_tinker', accepted: true }] },
        { by: 'cat_coder', title: 'Beep Boop Bakery', at: 160 },
      ],
      votes: true,
      notes: true,
      plays: true,
    },
    {
      slug: SHOWCASE.live,
      name: 'Ocean Quest Jam',
      description: 'Dive in! A live jam: watch new entries splash in as they are submitted.',
      body: '## Theme\n\n**Under the sea.**\n\n## Rules\n\n- Made during the jam\n- Be kind in the notes',
      startsAt: today - 2 * DAY,
      endsAt: today + 3 * DAY,
      manager: 'sprite_smith',
      fields: { featured: true, accentColor: '#00838f' },
      entries: [
        { by: 'star_sketcher', title: 'Jellyfish Jump', at: 6 },
        { by: 'bouncy_bot', title: 'Coral Collector', at: 20, team: [{ user: 'doodle_dino', accepted: true }] },
        { by: 'tune_tinker', title: 'Whale Song', at: 30, team: [{ user: 'quiz_whiz', accepted: false }] },
        { by: 'comet_kid', title: 'Submarine Sprint', at: (hourNow - 40 * 60_000 - (today - 2 * DAY)) / HOUR },
        { by: 'maze_maker', title: 'Octopus Maze', at: (hourNow - 20 * 60_000 - (today - 2 * DAY)) / HOUR },
      ],
      joined: ['loop_legend', 'pixel_panda', 'block_builder'],
      votes: true,
      notes: true,
      plays: true,
      liveEvents: true,
    },
    {
      slug: SHOWCASE.hiddenEntries,
      name: 'Secret Lab Jam',
      description: 'Entries stay secret until submissions close. Answer a few questions when you submit.',
      body: '## Theme\n\n**Inventions.**\n\n## Submitting\n\nTell us which part you enjoyed most. Entries are hidden until the end, so nobody can copy ideas.',
      startsAt: today - DAY,
      endsAt: today + 6 * DAY,
      manager: 'cat_coder',
      fields: { hiddenEntries: true, questions: QUESTIONS },
      entries: [
        { by: 'quiz_whiz', title: 'Potion Mixer', at: 3, answers: { '1': 'Code', '2': true, '3': 'Please test the hard mode!' } },
        { by: 'pixel_pioneer', title: 'Gadget Garage', at: 9, answers: { '1': 'Art', '2': false, '3': '' } },
      ],
      joined: ['doodle_dino'],
      plays: true,
    },
    {
      slug: SHOWCASE.lateWindow,
      name: 'Dragon Dash Jam',
      description: 'Speedy dragon games. Submissions just closed; voting is open for four more days.',
      body: '## Theme\n\n**Fly fast.**\n\n## Late entries\n\nHad trouble uploading in time? Ask the hosts for a late window.',
      startsAt: today - 7 * DAY,
      endsAt: hourNow - 3 * HOUR,
      manager: 'loop_legend',
      fields: { votingEndsAt: new Date(today + 4 * DAY), accentColor: '#d63232' },
      entries: [
        { by: 'sprite_smith', title: 'Dragon Dash', at: 20 },
        { by: 'star_sketcher', title: 'Fire Flyer', at: 60 },
        { by: 'pixel_panda', title: 'Cloud Hopper', at: 100 },
        { by: 'bouncy_bot', title: 'Egg Hunt Express', at: (hourNow - 2 * HOUR - (today - 7 * DAY)) / HOUR, late: true },
      ],
      joined: ['doodle_dino'],
      lateWindow: { user: 'doodle_dino', until: hourNow + 20 * HOUR },
      votes: true,
      plays: true,
    },
    {
      slug: SHOWCASE.themeSuggesting,
      name: 'Cloud Castle Jam',
      description: 'Suggest a theme! Suggestions are open; then everyone votes.',
      body: '## Theme\n\nYou decide: suggest up to three themes.',
      startsAt: today + 7 * DAY,
      endsAt: today + 14 * DAY,
      manager: 'sprite_smith',
      fields: {
        themeRounds: true,
        themeSuggestFrom: new Date(today - DAY),
        themeRound1From: new Date(today + 2 * DAY),
        themeFinalFrom: new Date(today + 4 * DAY),
        themeClosesAt: new Date(today + 6 * DAY),
        themeFinalists: 4,
      },
      entries: [],
      themes: { texts: ['Floating islands', 'Sky pirates', 'Rainbow bridge'] },
    },
    {
      slug: SHOWCASE.themeRound1,
      name: 'Tiny Town Jam',
      description: 'Theme voting, round 1: say yes or no to each suggestion.',
      body: '## Theme\n\nThe community is voting on it now.',
      startsAt: today + 4 * DAY,
      endsAt: today + 11 * DAY,
      manager: 'block_builder',
      fields: {
        themeRounds: true,
        themeSuggestFrom: new Date(today - 4 * DAY),
        themeRound1From: new Date(today - DAY),
        themeFinalFrom: new Date(today + 2 * DAY),
        themeClosesAt: new Date(today + 3 * DAY),
        themeFinalists: 3,
      },
      entries: [],
      themes: { texts: ['Small but mighty', 'Neighbours', 'Under construction', 'Market day', 'Night shift'], round1: true },
    },
    {
      slug: SHOWCASE.themeFinal,
      name: 'Music Maker Jam',
      description: 'Theme voting, final round: pick your favourite finalist.',
      body: '## Theme\n\nThe final round is on. Make a game with music at its heart.',
      startsAt: today + 2 * DAY,
      endsAt: today + 9 * DAY,
      manager: 'loop_legend',
      fields: {
        themeRounds: true,
        themeSuggestFrom: new Date(today - 6 * DAY),
        themeRound1From: new Date(today - 4 * DAY),
        themeFinalFrom: new Date(today - DAY),
        themeClosesAt: new Date(today + DAY),
        themeFinalists: 3,
        themeLeader: 'Echoes',
      },
      entries: [],
      themes: { texts: ['Echoes', 'Follow the beat', 'Silent world', 'One note'], round1: true, final: true },
    },
  ];
}

type Tx = Parameters<Parameters<LibSQLDatabase<typeof schema>['transaction']>[0]>[0];

export async function seedShowcase(database: LibSQLDatabase<typeof schema>, now = new Date()): Promise<void> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  await database.transaction(async (tx) => {
    for (const name of SHOWCASE_USERS) {
      await tx
        .insert(users)
        .values({ name })
        .onConflictDoUpdate({ target: sql`lower(${users.name})`, set: { name } });
    }
    const rows = await tx
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(inArray(users.name, [...EVERYONE, 'demo_admin']));
    const ids = new Map(rows.map((row) => [row.name, row.id]));
    const id = (name: string) => ids.get(name)!;
    for (const jam of showJams(today, now.getTime())) {
      const [existing] = await tx.select({ id: jams.id }).from(jams).where(eq(jams.slug, jam.slug));
      if (existing) continue;
      await seedJam(tx, jam, id, now.getTime());
    }
  });
}

async function seedJam(tx: Tx, jam: ShowJam, id: (name: string) => number, now: number): Promise<void> {
  const admin = id('demo_admin');
  const [row] = await tx
    .insert(jams)
    .values({
      slug: jam.slug,
      name: jam.name,
      description: jam.description,
      body: jam.body,
      startsAt: new Date(jam.startsAt),
      endsAt: new Date(jam.endsAt),
      createdBy: admin,
      updatedBy: admin,
      createdAt: new Date(jam.startsAt - 5 * DAY),
      ...jam.fields,
    })
    .returning({ id: jams.id, votingEndsAt: jams.votingEndsAt });
  const jamId = row!.id;
  const closes = Math.min(now, row!.votingEndsAt?.getTime() ?? jam.endsAt);
  await tx.insert(jamManagers).values({ jamId, userId: id(jam.manager) });

  // Sign-ups over the jam's first days (and before it, for the people who joined early).
  const entrants = jam.entries.flatMap((entry) => [entry.by, ...(entry.team ?? []).filter((m) => m.accepted).map((m) => m.user)]);
  const people = [...new Set([...entrants, ...(jam.joined ?? [])])];
  for (const [index, name] of people.entries()) {
    const joinedAt = Math.min(now, jam.startsAt - DAY + index * 7 * HOUR);
    await tx.insert(jamParticipants).values({ jamId, userId: id(name), joinedAt: new Date(joinedAt) });
  }

  const made: { id: number; by: string; at: number }[] = [];
  for (const [index, entry] of jam.entries.entries()) {
    const scratchId = 900_100_000 + slugIndex(jam.slug) * 100 + index;
    const at = jam.startsAt + entry.at * HOUR;
    const [inserted] = await tx
      .insert(entries)
      .values({
        jamId,
        scratchId,
        submitterId: id(entry.by),
        title: entry.title,
        thumbnailUrl: `https://cdn2.scratch.mit.edu/get_image/project/${scratchId}_480x360.png`,
        authorName: entry.by,
        instructions: 'Use the arrow keys to move and space to jump. Have fun!',
        notes: `Made for the ${jam.name}. Thanks for playing!`,
        submittedAt: new Date(at),
        answers: entry.answers ?? {},
        late: entry.late ?? false,
        isWinner: entry.winner ?? false,
      })
      .returning({ id: entries.id });
    made.push({ id: inserted!.id, by: entry.by, at });
    for (const member of entry.team ?? []) {
      await tx.insert(entryCredits).values({
        entryId: inserted!.id,
        userId: id(member.user),
        jamId,
        status: member.accepted ? 'accepted' : 'invited',
        invitedBy: id(entry.by),
        invitedAt: new Date(at),
        acceptedAt: member.accepted ? new Date(at + HOUR) : null,
      });
    }
    if (jam.liveEvents && now - at < HOUR) {
      await tx.insert(jamEvents).values({
        jamId,
        kind: 'entry-added',
        key: `added:${inserted!.id}`,
        userId: id(entry.by),
        createdAt: new Date(at),
        data: {
          entry: {
            id: inserted!.id,
            scratchId,
            title: entry.title,
            thumbnailUrl: `https://cdn2.scratch.mit.edu/get_image/project/${scratchId}_480x360.png`,
            authorName: entry.by,
            submittedAt: new Date(at).toISOString(),
          },
          counts: { entries: index + 1, participants: people.length },
        },
      });
    }
  }

  // Plays, votes, ratings and notes: each person on most entries, at moments spread after the entry came in.
  const moment = (entry: { at: number }, a: number, b: number) => Math.min(closes - HOUR, entry.at + spread(a, b, 40) * 2 * HOUR);
  for (const [e, entry] of made.entries()) {
    const team = new Set([entry.by, ...(jam.entries[e]!.team ?? []).map((m) => m.user)]);
    // Judges play and rate every entry (their own panel needs its ratings too); the others most.
    const judges = new Set((jam.judges ?? []).map((judge) => judge.user));
    const players = EVERYONE.filter((name, p) => !team.has(name) && (judges.has(name) || spread(e, p, 10) > 3));
    for (const [p, name] of players.entries()) {
      const at = moment(entry, e, p);
      if (at <= entry.at) continue;
      if (jam.plays) await tx.insert(plays).values({ entryId: entry.id, playerId: id(name), jamId, playedAt: new Date(at) });
      if (jam.votes && spread(p, e, 3) === 1) {
        await tx.insert(votes).values({ entryId: entry.id, voterId: id(name), jamId, createdAt: new Date(at + HOUR) });
      }
      if (jam.ratings && (judges.has(name) || spread(p, e, 5) !== 5)) {
        for (const criterionId of [1, 2, 3, 4, 5]) {
          const stars = Math.min(5, 1 + spread(e + criterionId, p, 4) + (e % 2));
          await tx.insert(ratings).values({
            entryId: entry.id,
            raterId: id(name),
            criterionId,
            jamId,
            stars,
            createdAt: new Date(at + HOUR),
            updatedAt: new Date(at + HOUR),
          });
        }
      }
      if (jam.notes && spread(e, p, 4) === 2) {
        const text = NOTE_TEXTS[(e + p) % NOTE_TEXTS.length]!;
        await tx.insert(notes).values({ entryId: entry.id, jamId, authorId: id(name), text, createdAt: new Date(at + 2 * HOUR) });
      }
    }
  }

  for (const [j, judge] of (jam.judges ?? []).entries()) {
    await tx.insert(jamJudges).values({
      jamId,
      userId: id(judge.user),
      status: judge.accepted ? 'accepted' : 'invited',
      invitedBy: id(jam.manager),
      invitedAt: new Date(jam.startsAt - 3 * DAY),
      acceptedAt: judge.accepted ? new Date(jam.startsAt - 2 * DAY) : null,
    });
    for (const [e, entry] of made.slice(0, 3).entries()) {
      await tx.insert(judgeFeedback).values({
        entryId: entry.id,
        judgeId: id(judge.user),
        jamId,
        text: FEEDBACK_TEXTS[(e + j) % FEEDBACK_TEXTS.length]!,
        createdAt: new Date(jam.endsAt + (e + 1) * HOUR),
        updatedAt: new Date(jam.endsAt + (e + 1) * HOUR),
      });
    }
  }

  if (jam.lateWindow) {
    await tx.insert(lateSubmissions).values({
      jamId,
      userId: id(jam.lateWindow.user),
      until: new Date(jam.lateWindow.until),
      grantedBy: id(jam.manager),
      grantedAt: new Date(jam.endsAt + HOUR),
    });
  }

  if (jam.themes) await seedThemes(tx, jamId, jam, id);
}

async function seedThemes(tx: Tx, jamId: number, jam: ShowJam, id: (name: string) => number): Promise<void> {
  const themes = jam.themes!;
  const suggestedAt = (jam.fields?.themeSuggestFrom as Date).getTime() + HOUR;
  const suggestions: number[] = [];
  for (const [s, text] of themes.texts.entries()) {
    const by = EVERYONE[(s * 3) % EVERYONE.length]!;
    const [row] = await tx
      .insert(themeSuggestions)
      .values({ jamId, key: themeKeyOf(text), text, suggestedBy: id(by), createdAt: new Date(suggestedAt + s * HOUR) })
      .returning({ id: themeSuggestions.id });
    suggestions.push(row!.id);
    await tx
      .insert(themeSuggesters)
      .values({ suggestionId: row!.id, userId: id(by), jamId, createdAt: new Date(suggestedAt + s * HOUR) });
  }
  if (themes.round1) {
    const answeredAt = (jam.fields?.themeRound1From as Date).getTime() + HOUR;
    for (const [p, name] of EVERYONE.entries()) {
      for (const [s, suggestionId] of suggestions.entries()) {
        // The first suggestions do best, so the finalists are the first few.
        const answer = spread(p, s, 10) > s * 2 ? 'yes' : spread(p, s, 3) === 1 ? 'skip' : 'no';
        await tx
          .insert(themeAnswers)
          .values({ suggestionId, userId: id(name), jamId, answer, createdAt: new Date(answeredAt + p * HOUR) });
      }
    }
  }
  if (themes.final) {
    const votedAt = (jam.fields?.themeFinalFrom as Date).getTime() + HOUR;
    for (const [p, name] of EVERYONE.entries()) {
      const suggestionId = suggestions[p % 3 === 2 ? 1 : 0]!;
      await tx.insert(themeFinalVotes).values({
        jamId,
        userId: id(name),
        suggestionId,
        createdAt: new Date(votedAt + p * HOUR),
        updatedAt: new Date(votedAt + p * HOUR),
      });
    }
  }
}

/** The key lib/themes.ts makes of a theme (db/ imports nothing of ours): enough for the showcase's plain English themes. */
const themeKeyOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/^(?:a|an|the)\s+/, '')
    .split(' ')
    .map((word) => (word.length > 2 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word))
    .join(' ');

const slugIndex = (slug: string) => Object.values(SHOWCASE).indexOf(slug as never) + 1;
