/** Scratch users and projects the fakes know about. Names deliberately use several casings. */
export interface FakeScratchUser {
  username: string;
  id: number;
  /** New Scratchers cannot log in through the provider. */
  newScratcher?: boolean;
  /** The Scratch API answers 503 about this user (an outage seen by one test, not by the others running beside it). */
  apiFails?: boolean;
}

export interface FakeScratchProject {
  id: number;
  title: string;
  author: string;
  shared: boolean;
  /** "Instructions" on Scratch; empty when omitted. */
  instructions?: string;
  /** "Notes and Credits" (Scratch's API calls it `description`); empty when omitted. */
  description?: string;
  /**
   * Scratch's `history` (ISO strings). Omitted: the project was made, saved and shared the moment the
   * fake was first asked about it (as if made just before it was submitted), the same on every answer.
   */
  history?: { created: string; modified: string; shared: string };
  /** Scratch's `remix`; omitted: an original, `{ parent: null, root: null }`. */
  remix?: { parent: number | null; root: number | null };
  /** The Scratch API answers 503 about this project (an outage seen by one test only). */
  apiFails?: boolean;
}

export const SCRATCH_USERS: FakeScratchUser[] = [
  { username: 'demo_admin', id: 1001 },
  { username: 'pixel_pioneer', id: 1002 },
  { username: 'sprite_smith', id: 1003 },
  { username: 'loop_legend', id: 1004 },
  { username: 'block_builder', id: 1005 },
  { username: 'cat_coder', id: 1006 },
  { username: 'GriffTheGreat', id: 1007 },
  { username: 'MixedCase_Maker', id: 1008 },
  { username: 'fresh_sprout', id: 1009, newScratcher: true },
  // Used only by the auth end-to-end tests (one of them gets banned).
  { username: 'login_learner', id: 1010 },
  { username: 'banned_bandit', id: 1011 },
  // Used only by the dashboard end-to-end tests (one is created, banned and deleted; one deletes themself).
  { username: 'Dash_Newcomer', id: 1012 },
  { username: 'dash_leaver', id: 1013 },
  // Used only by the auth end-to-end test of the server-error message: the provider vouches, Scratch fails.
  { username: 'outage_otter', id: 1014, apiFails: true },
  // Used only by the reporting end-to-end tests: each is reported and banned in one locale's walk.
  { username: 'rascal_en', id: 1015 },
  { username: 'rascal_hu', id: 1016 },
  { username: 'rascal_ir', id: 1017 },
  // Used only by the jam request end-to-end tests: in each locale one is approved, one declined.
  { username: 'asks_en', id: 1018 },
  { username: 'asks_en_2', id: 1019 },
  { username: 'asks_hu', id: 1020 },
  { username: 'asks_hu_2', id: 1021 },
  { username: 'asks_ir', id: 1022 },
  { username: 'asks_ir_2', id: 1023 },
  { username: 'asks_nothing', id: 1024 },
  // Used only by the fair-judging flag tests: an old project, one changed later, and a remixer.
  { username: 'flag_oldtimer', id: 1025 },
  { username: 'flag_tinkerer', id: 1026 },
  { username: 'flag_remixer', id: 1027 },
  { username: 'flag_orphan', id: 1028 },
  // Used only by the notes end-to-end tests: in each locale one writes notes, is stopped by the filter and muted.
  { username: 'noter_en', id: 1029 },
  { username: 'noter_hu', id: 1030 },
  { username: 'noter_ir', id: 1031 },
  // Used only by the inbox tests (issue 34 §2): a reader of the inbox and one of the private feeds per locale.
  { username: 'inbox_reader_en', id: 1101 },
  { username: 'inbox_reader_hu', id: 1102 },
  { username: 'inbox_reader_ir', id: 1103 },
  { username: 'feed_reader_en', id: 1104 },
  { username: 'feed_reader_hu', id: 1105 },
  { username: 'feed_reader_ir', id: 1106 },
  // Used only by the teams tests (issue 35 §1): per locale a submitter, a co-creator who accepts and one who
  // declines; and a Scratcher who never logged in, invited by name.
  { username: 'team_lead_en', id: 1201 },
  { username: 'team_mate_en', id: 1202 },
  { username: 'team_shy_en', id: 1203 },
  { username: 'team_lead_hu', id: 1204 },
  { username: 'team_mate_hu', id: 1205 },
  { username: 'team_shy_hu', id: 1206 },
  { username: 'team_lead_ir', id: 1207 },
  { username: 'team_mate_ir', id: 1208 },
  { username: 'team_shy_ir', id: 1209 },
  { username: 'Team_Newcomer', id: 1210 },
  // Used only by co-creators-own-their-entry.spec.ts (issue 45 §1): two teams of a submitter and a co-creator.
  { username: 'owner_lead_0', id: 1301 },
  { username: 'owner_mate_0', id: 1302 },
  { username: 'owner_lead_1', id: 1303 },
  { username: 'owner_mate_1', id: 1304 },
  // Used only by the "my data" tests (issue 41 §3): the smoke walk downloads its data and deletes the
  // account on every target; the end-to-end test downloads its data.
  { username: 'data_taker', id: 1311 },
  { username: 'data_keeper', id: 1312 },
  // Used only by the smoke specs' spikes, one each: votes, ratings and theme answers share one votes limit
  // per Scratcher, and the specs share a target, so no spike may spend another spec's voter's limit.
  { username: 'spike_upvoter', id: 1321 },
  { username: 'spike_rater', id: 1322 },
  { username: 'spike_judge', id: 1323 },
  { username: 'spike_themer', id: 1324 },
  // The showcase's Scratchers (db/seed-showcase.ts, issue 57): the demo jams' judges, teams and late window.
  { username: 'comet_kid', id: 1401 },
  { username: 'maze_maker', id: 1402 },
  { username: 'pixel_panda', id: 1403 },
  { username: 'star_sketcher', id: 1404 },
  { username: 'bouncy_bot', id: 1405 },
  { username: 'quiz_whiz', id: 1406 },
  { username: 'doodle_dino', id: 1407 },
  { username: 'tune_tinker', id: 1408 },
  // Used only by the notes test of a note on its way: no other test spends this person's note pace.
  { username: 'quick_typer', id: 1409 },
  // Used only by the held notes' walk (tests/e2e/held-notes.spec.ts): its held note is its own.
  { username: 'held_asker', id: 1410 },
];

/** Made long before any jam of the tests (fair judging: "Created before the jam"). */
export const OLD_PROJECT_HISTORY = {
  created: '2026-02-20T10:00:00.000Z',
  modified: '2026-02-21T10:00:00.000Z',
  shared: '2026-02-21T10:05:00.000Z',
};

/** Made and last saved in March 2026: inside the end-to-end jams, which run from 1 March until an hour ago. */
export const MADE_IN_MARCH = {
  created: '2026-03-10T12:00:00.000Z',
  modified: '2026-03-11T12:00:00.000Z',
  shared: '2026-03-11T12:05:00.000Z',
};

export const SCRATCH_PROJECTS: FakeScratchProject[] = [
  {
    id: 900000101,
    title: 'Orbit Runner',
    author: 'sprite_smith',
    shared: true,
    instructions: 'Arrow keys to steer, space to boost.\nReach the moon!',
    description: 'Music by https://example.com/orbit-music\nThanks to loop_legend for testing.',
  },
  { id: 900000102, title: 'Gravity Golf', author: 'loop_legend', shared: true },
  { id: 900000103, title: 'Moon Miner', author: 'block_builder', shared: true },
  { id: 100000001, title: 'Pixel Quest', author: 'pixel_pioneer', shared: true },
  { id: 100000002, title: 'Cat Platformer', author: 'cat_coder', shared: true },
  { id: 100000003, title: 'Secret Draft', author: 'cat_coder', shared: false },
  { id: 100000004, title: 'Griff Dash', author: 'GriffTheGreat', shared: true },
  { id: 100000005, title: 'Mixed Up', author: 'MixedCase_Maker', shared: true },
  { id: 100000006, title: 'Rascal Run', author: 'rascal_en', shared: true },
  { id: 100000007, title: 'Rascal Rally', author: 'rascal_hu', shared: true },
  { id: 100000008, title: 'Rascal Race', author: 'rascal_ir', shared: true },
  { id: 100000301, title: 'Taker Tale', author: 'data_taker', shared: true },
  // Fair judging's flags: made before the jams, changed after their end (tests move `modified`),
  // a remix of a shared project and one of a project that is not shared.
  { id: 100000009, title: 'Old Orbit', author: 'flag_oldtimer', shared: true, history: OLD_PROJECT_HISTORY },
  { id: 100000010, title: 'Late Lander', author: 'flag_tinkerer', shared: true },
  {
    id: 100000011,
    title: 'Orbit Runner Remix',
    author: 'flag_remixer',
    shared: true,
    remix: { parent: 900000101, root: 900000101 },
  },
  { id: 100000012, title: 'Secret Remix', author: 'flag_orphan', shared: true, remix: { parent: 100000003, root: 100000003 } },
  // A remix whose parent Scratch cannot answer about just then.
  { id: 100000013, title: 'Flaky Original', author: 'cat_coder', shared: true, apiFails: true },
  { id: 100000014, title: 'Steady Remix', author: 'flag_orphan', shared: true, remix: { parent: 100000013, root: 100000013 } },
  // The end-to-end walks (one set per locale): each is entered into an ended jam and checked again.
  ...(['en', 'hu', 'ir'] as const).flatMap((locale, index) => [
    {
      id: 100000100 + index * 10,
      title: `Ancient Arcade ${locale}`,
      author: 'flag_oldtimer',
      shared: true,
      history: OLD_PROJECT_HISTORY,
    },
    { id: 100000101 + index * 10, title: `Patched Platformer ${locale}`, author: 'flag_tinkerer', shared: true },
    { id: 100000102 + index * 10, title: `Fair Flyer ${locale}`, author: 'flag_remixer', shared: true, history: MADE_IN_MARCH },
  ]),
  // The teams walks (issue 35 §1), per locale: the team's game and one its co-creator made alone.
  ...(['en', 'hu', 'ir'] as const).flatMap((locale, index) => [
    { id: 120100001 + index * 10, title: `Team Tower ${locale}`, author: `team_lead_${locale}`, shared: true },
    { id: 120100002 + index * 10, title: `Solo Sled ${locale}`, author: `team_mate_${locale}`, shared: true },
  ]),
];

export const avatarUrl = (id: number) => `https://cdn2.scratch.mit.edu/get_image/user/${id}_90x90.png`;
export const thumbnailUrl = (id: number) => `https://cdn2.scratch.mit.edu/get_image/project/${id}_480x360.png`;
