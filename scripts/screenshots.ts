/**
 * `npm run screenshots`: a gallery of every page type in light, dark and flame at 1280 and 390 px,
 * written to docs/screenshots/ as `{view}-{mode}-{width}.png`. The demo seed, the Scratch fakes,
 * a fresh database and the built server run on loopback; the browser's clock is frozen so the
 * countdowns read the same on every run. Scratch's CDN is unreachable here, so every thumbnail
 * shows its generated art (requests that leave loopback are refused).
 *
 * `npm run screenshots -- home jam-ongoing-visitor` takes only the named views.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, type Page, chromium } from '@playwright/test';
import { and, eq } from 'drizzle-orm';
import { entries, jams, noteRefusals } from '#db/schema';
import { seedDemoData } from '#db/seed';
import { SHOWCASE, seedShowcase } from '#db/seed-showcase';
import { migrateDatabase, openDatabase } from '#server/node/database';
import { startFakes } from '../tests/fakes';
import { CHROMIUM_LAUNCH } from './chromium';
import {
  NOTED_ENTRY,
  TEAM_ENTRY,
  TEAM_INVITEE,
  VOTING_JAM,
  addInboxDemo,
  addNotes,
  addTeamDemo,
  addVotingPeriodJam,
} from './screenshot-extras';

const ROOT = resolve(import.meta.dirname, '..');
const OUT = join(ROOT, 'docs/screenshots');
const PORT = Number(process.env.SCREENSHOTS_PORT ?? 4680);
const BASE = `http://127.0.0.1:${PORT}`;
const ALL_MODES = ['light', 'dark', 'flame'] as const;
/** SCREENSHOTS_MODES=light and SCREENSHOTS_WIDTHS=390 narrow a run while working on one page. */
const MODES = ALL_MODES.filter((mode) =>
  (process.env.SCREENSHOTS_MODES ?? process.env.SCREENSHOTS_THEMES ?? mode).split(',').includes(mode),
);
const WIDTHS = [1280, 390].filter((width) =>
  (process.env.SCREENSHOTS_WIDTHS ?? String(width)).split(',').includes(String(width)),
);
const DAY = 86_400_000;
/** The seed's jams start and end on UTC midnights; the frozen clock reads 10:42:18 of the same day. */
const TODAY = Math.floor(Date.now() / DAY) * DAY;
const FROZEN = TODAY + (10 * 3600 + 42 * 60 + 18) * 1000;

/**
 * `dialog`: shoot the viewport only — a dialog covers the screen, not the whole page. `setup`: runs
 * once before the view's first shot (views that change data come last, so earlier views never see it).
 */
type View = {
  name: string;
  path: string;
  as?: string;
  dialog?: boolean;
  then?: (page: Page) => Promise<void>;
  setup?: (browser: Browser) => Promise<void>;
};

const jam = { upcoming: 'winter-mystery-jam', ongoing: 'space-sprint-jam', ended: 'autumn-arcade-jam' };
/** Who is who in the demo seed: a participant (entered or may enter), the jam's manager, the admin. */
const people = {
  upcoming: { participant: 'cat_coder', manager: 'loop_legend' },
  ongoing: { participant: 'sprite_smith', manager: 'pixel_pioneer' },
  ended: { participant: 'pixel_pioneer', manager: 'sprite_smith' },
} as const;

const VIEWS: View[] = [
  { name: 'home', path: '/' },
  { name: 'home-admin', path: '/', as: 'demo_admin' },
  { name: 'explore', path: '/explore' },
  // Fair judging: a voting period, entrants only, play before you vote.
  { name: 'jam-voting-visitor', path: `/jams/${VOTING_JAM}` },
  { name: 'jam-voting-entrant', path: `/jams/${VOTING_JAM}#submissions`, as: 'pixel_pioneer' },
  { name: 'jam-voting-outsider', path: `/jams/${VOTING_JAM}#submissions`, as: 'cat_coder' },
  ...(['upcoming', 'ongoing', 'ended'] as const).flatMap((status) => [
    { name: `jam-${status}-visitor`, path: `/jams/${jam[status]}` },
    { name: `jam-${status}-participant`, path: `/jams/${jam[status]}`, as: people[status].participant },
    { name: `jam-${status}-manager`, path: `/jams/${jam[status]}`, as: people[status].manager },
    { name: `jam-${status}-admin`, path: `/jams/${jam[status]}`, as: 'demo_admin' },
  ]),
  {
    name: 'entry-play',
    path: `/jams/${jam.ongoing}#submissions`,
    as: 'cat_coder',
    then: async (page) => {
      // The entries island hydrates when the browser is idle, which the frozen clock never is.
      await page.clock.runFor(1000);
      await page.getByRole('button', { name: 'Play', exact: true }).first().click();
      await page.locator('iframe').first().waitFor();
    },
  },
  // Plays: "Play next" and the sorts on the submissions panel, play counts once the results are public.
  ...[
    { name: 'submissions-play-next', path: `/jams/${jam.ongoing}#submissions`, as: 'cat_coder' },
    { name: 'submissions-fewest-plays', path: `/jams/${jam.ongoing}?sort=fewest-plays#submissions` },
    { name: 'submissions-ended-newest', path: `/jams/${jam.ended}?sort=newest#submissions` },
  ].map((view) => ({
    ...view,
    // The submissions' islands hydrate when the browser is idle, which the frozen clock never is.
    then: async (page: Page) => {
      await page.clock.runFor(1000);
      await page.locator('#submissions astro-island:not([ssr])').first().waitFor({ state: 'attached' });
    },
  })),
  ...[
    { name: 'entry-page-visitor', path: `/jams/${jam.ongoing}/entries/1` },
    { name: 'entry-page-author', path: `/jams/${jam.ongoing}/entries/1`, as: people.ongoing.participant },
    { name: 'entry-page-voter', path: `/jams/${jam.ongoing}/entries/1`, as: 'cat_coder' },
    { name: 'entry-page-ended', path: `/jams/${jam.ended}/entries/4` },
  ].map((view) => ({
    ...view,
    // The entry's buttons hydrate when the browser is idle, which the frozen clock never is.
    then: async (page: Page) => {
      await page.clock.runFor(1000);
      await page.locator('.entry-card astro-island:not([ssr])').first().waitFor({ state: 'attached' });
    },
  })),
  {
    name: 'submit-entry',
    path: `/jams/${jam.ongoing}`,
    as: 'cat_coder',
    dialog: true,
    then: async (page) => {
      await page.getByRole('button', { name: 'Enter the game jam' }).first().click();
      await page.getByLabel('Game URL').fill('https://scratch.mit.edu/projects/900000104');
    },
  },
  { name: 'dashboard', path: '/dashboard', as: 'pixel_pioneer' },
  // The join button's states on the upcoming jam: not joined yet, then joined (the first shot joins).
  { name: 'join-not-joined', path: `/jams/${jam.upcoming}`, as: people.upcoming.participant },
  {
    name: 'join-joined',
    path: `/jams/${jam.upcoming}`,
    as: people.ongoing.participant,
    then: async (page) => {
      const join = page.getByRole('button', { name: 'Join this jam' });
      if (await join.isVisible()) await join.click();
      await page.getByText('You joined this jam.').waitFor();
    },
  },
  { name: 'dashboard-joined', path: '/dashboard', as: people.ongoing.participant },
  { name: 'dashboard-admin', path: '/dashboard', as: 'demo_admin' },
  // The moderation queue (the seed reports entries of the ongoing jam and the ended jam itself): an
  // administrator sees who reported, with one item's reports opened; the ongoing jam's manager sees its entries.
  {
    name: 'moderation-admin',
    path: '/dashboard#moderation',
    as: 'demo_admin',
    then: async (page) => {
      await page.locator('#moderation summary').first().click();
    },
  },
  { name: 'moderation-manager', path: '/dashboard#moderation', as: people.ongoing.manager },
  // The admin dashboard's queue of every open report (issue 41), one item's reports opened.
  {
    name: 'admin-reports',
    path: '/dashboard/reports',
    as: 'demo_admin',
    then: async (page) => {
      await page.locator('main summary').first().click();
    },
  },
  {
    name: 'report-entry',
    path: `/jams/${jam.ongoing}/entries/1`,
    as: 'cat_coder',
    dialog: true,
    then: async (page) => {
      await page.clock.runFor(1000);
      await page.getByRole('button', { name: 'Report' }).click();
      await page.clock.runFor(1000); // the form's chunk loads behind a frozen clock
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('radio', { name: 'Stolen, or not their own work' }).check();
      await dialog.getByLabel('Details (optional)').fill('The sprites are copied from another project without credit.');
    },
  },
  // Notes from players (seeded by addNotes): a player's view with the form, the manager's with the
  // hidden note, and a note the filter refused (its refusals cleared first, so no shot is muted).
  ...[
    { name: 'entry-notes', as: 'loop_legend' },
    { name: 'entry-notes-manager', as: people.ongoing.manager },
    { name: 'entry-notes-visitor' },
  ].map((view) => ({
    ...view,
    path: `/jams/${NOTED_ENTRY.jam}/entries/1`,
    then: showNotes,
  })),
  {
    name: 'note-refused',
    path: `/jams/${NOTED_ENTRY.jam}/entries/1`,
    as: 'cat_coder',
    dialog: true,
    then: async (page) => {
      const database = await openDatabase(databaseUrl);
      try {
        await database.delete(noteRefusals);
      } finally {
        database.$client.close();
      }
      await showNotes(page);
      const notes = page.getByRole('region', { name: 'Notes from players' });
      await notes.getByLabel('Your note').fill('Play the full version on coolgames.io, it has more levels!');
      await notes.getByRole('button', { name: 'Post note' }).click();
      await notes.getByRole('alert').getByText('Links can only go to Scratch projects and studios.', { exact: false }).waitFor();
      await notes.getByLabel('Your note').scrollIntoViewIfNeeded();
    },
  },
  { name: 'note-filter', path: '/dashboard/filter', as: 'demo_admin' },
  { name: 'users', path: '/dashboard/users', as: 'demo_admin' },
  { name: 'activity', path: '/dashboard/activity', as: 'demo_admin' },
  { name: 'jam-activity', path: `/jams/${jam.ongoing}/activity`, as: people.ongoing.manager },
  { name: 'create-jam', path: '/jams/new', as: 'demo_admin' },
  // Jam requests: the form (loop_legend's request was approved, so they may ask again), a pending
  // request on the dashboard, a declined one with its reason, the administrators' queue and review.
  { name: 'jam-request', path: '/jams/request', as: 'loop_legend' },
  { name: 'dashboard-request-pending', path: '/dashboard', as: 'block_builder' },
  { name: 'dashboard-request-declined', path: '/dashboard', as: 'cat_coder' },
  { name: 'jam-requests', path: '/dashboard/jam-requests', as: 'demo_admin' },
  { name: 'jam-requests-declined', path: '/dashboard/jam-requests?status=declined', as: 'demo_admin' },
  {
    name: 'jam-request-review',
    path: '/dashboard/jam-requests',
    as: 'demo_admin',
    dialog: true,
    then: async (page) => {
      await page.getByRole('button', { name: /^Review “Puzzle Planet Jam”/ }).click();
      await page.getByRole('dialog', { name: 'Jam request from block_builder' }).waitFor();
    },
  },
  // The inbox (issue 34 §2): pixel_pioneer's grouped kudos, a note and a report unread, two read items;
  // and the bell with its count in the navigation bar (in the folded menu on a phone).
  { name: 'inbox', path: '/notifications', as: 'pixel_pioneer' },
  {
    name: 'inbox-bell',
    path: '/explore',
    as: 'pixel_pioneer',
    dialog: true,
    then: async (page) => {
      if ((page.viewportSize()?.width ?? 1280) < 600) await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('link', { name: 'Notifications, 3 unread' }).waitFor();
    },
  },
  // The longest navigation bar: Hungarian, logged in, with the bell.
  { name: 'nav-hu', path: '/hu/explore', as: 'pixel_pioneer', dialog: true },
  { name: 'nav-ir', path: '/ir/explore', as: 'pixel_pioneer', dialog: true },
  // The private calendar's addresses on the dashboard, once made (each run makes new ones).
  {
    name: 'dashboard-private-feeds',
    path: '/dashboard',
    as: 'loop_legend',
    then: async (page) => {
      const section = page.getByRole('region', { name: 'Your private calendar' });
      const create = section.getByRole('button', { name: 'Create addresses' });
      if (await create.isVisible()) await create.click();
      await section.getByLabel('Calendar address (.ics)').waitFor();
    },
  },
  // Teams (issue 35 §1): Gravity Golf credits two co-creators (its card and page), its submitter's Team
  // panel with a pending invitation, and that invitation on the invitee's dashboard.
  { name: 'team-entry-card', path: `/jams/${jam.ongoing}#submissions` },
  { name: 'team-entry-page', path: `/jams/${jam.ongoing}/entries/${TEAM_ENTRY}` },
  {
    name: 'team-panel',
    path: `/jams/${jam.ongoing}/entries/${TEAM_ENTRY}`,
    as: 'loop_legend',
    then: async (page) => {
      const panel = page.getByRole('region', { name: 'Team' });
      await panel.getByText('Invited, waiting for an answer').waitFor();
      await panel.scrollIntoViewIfNeeded();
    },
  },
  { name: 'dashboard-invitation', path: '/dashboard#invitations', as: TEAM_INVITEE },
  { name: 'login', path: '/login' },
  { name: 'about', path: '/about' },
  // Issue 41 §3: what is kept and for how long.
  { name: 'privacy', path: '/privacy' },
  { name: 'error', path: '/no-such-page' },
  // Public profiles (issue 35 §2): the ended jam's winner, who also manages the ongoing jam; and the
  // jam page's entry search (§3) with a match and with none.
  { name: 'profile', path: '/users/pixel_pioneer' },
  { name: 'entry-search', path: `/jams/${jam.ongoing}?q=moon#submissions` },
  { name: 'entry-search-none', path: `/jams/${jam.ongoing}?q=zebra#submissions` },
  // Fair judging's flags on the ended jam (set up by fairFlags): chips on the cards and an entry page,
  // a disqualified entry, and the managers' review list.
  { name: 'entry-flags', path: `/jams/${jam.ended}#submissions`, setup: fairFlags },
  { name: 'entry-flags-page', path: `/jams/${jam.ended}/entries/6`, setup: fairFlags },
  { name: 'review-list', path: `/jams/${jam.ended}/review`, as: people.ended.manager, setup: fairFlags },
  // Submission questions (ADR 042): the submit dialog asks them, the review list shows the answers
  // (private ones marked, a late entry marked), the entry page the public ones; the late-window dialog.
  {
    name: 'questions-submit',
    path: `/jams/${jam.ongoing}`,
    as: 'cat_coder',
    dialog: true,
    setup: someQuestions,
    then: async (page) => {
      await page.getByRole('button', { name: 'Enter the game jam' }).first().click();
      await page.getByLabel('Game URL').fill('https://scratch.mit.edu/projects/900000104');
    },
  },
  { name: 'questions-review', path: `/jams/${jam.ended}/review`, as: people.ended.manager, setup: someQuestions },
  { name: 'questions-entry', path: `/jams/${jam.ended}/entries/4`, setup: someQuestions },
  {
    name: 'late-windows',
    path: `/jams/${jam.ongoing}`,
    as: people.ongoing.manager,
    dialog: true,
    then: async (page) => {
      await page.getByRole('button', { name: /Manager tools/ }).click();
      await page.getByRole('menuitem', { name: 'Late submissions' }).click();
      await page.getByRole('dialog', { name: 'Late submissions' }).getByText('Nobody has a late window yet.').waitFor();
    },
  },
  // Kudos on the ongoing jam's first entry (given through the API by someKudos) with its notes, as a player who gave some.
  { name: 'entry-kudos', path: `/jams/${jam.ongoing}/entries/1`, as: 'cat_coder', setup: someKudos, then: showNotes },
  {
    name: 'entry-kudos-author',
    path: `/jams/${jam.ongoing}/entries/1`,
    as: people.ongoing.participant,
    setup: someKudos,
  },
  // Results the host publishes (ADR 041): the ended jam waits for its managers (set up by manualResults,
  // after fairFlags so the review list has its flags): the public notice and the publish panel.
  { name: 'results-pending', path: `/jams/${jam.ended}`, setup: manualResults },
  { name: 'publish-results', path: `/jams/${jam.ended}/review`, as: people.ended.manager, setup: manualResults },
  // Theme rounds (ADR 043): the jam form with "Theme chosen by the community" on, then the upcoming
  // jam's suggestions (set up by someThemeSuggestions, last: it changes that jam) in the managers' tool.
  { name: 'create-jam-theme-rounds', path: '/jams/new', as: 'demo_admin', then: themeRoundsOn },
  // The voters' panel on the jam page while suggestions are open, as a Scratcher who suggested two.
  {
    name: 'theme-panel',
    path: `/jams/${jam.upcoming}`,
    as: 'cat_coder',
    setup: someThemeSuggestions,
    then: async (page) => {
      await page.getByRole('region', { name: 'The theme, chosen together' }).getByText('Upside down').waitFor();
    },
  },
  {
    name: 'theme-suggestions',
    path: `/jams/${jam.upcoming}`,
    as: people.upcoming.manager,
    dialog: true,
    setup: someThemeSuggestions,
    then: async (page) => {
      await page.getByRole('button', { name: /Manager tools/ }).click();
      await page.getByRole('menuitem', { name: 'Theme suggestions' }).click();
      const dialog = page.getByRole('dialog', { name: 'Theme suggestions' });
      await dialog.getByRole('button', { name: 'Merge “Kitty” into another suggestion' }).click();
      await dialog.getByLabel('Merge “Kitty” into').selectOption({ label: 'Cats' });
    },
  },
  // Issue 57: the showcase's jams (db/seed-showcase.ts) — statistics, ratings with judges, theme rounds, the live jam, colours.
  { name: 'stats-ratings-jam', path: `/jams/${SHOWCASE.ratings}/stats` },
  { name: 'stats-live-jam', path: `/jams/${SHOWCASE.live}/stats` },
  { name: 'stats-mystery-jam', path: `/jams/${jam.upcoming}/stats` },
  { name: 'ratings-jam-results', path: `/jams/${SHOWCASE.ratings}` },
  {
    name: 'ratings-entry-judge-feedback',
    path: `/jams/${SHOWCASE.ratings}?sort=newest#submissions`,
    as: 'sprite_smith',
    then: async (page) => {
      await page.clock.runFor(1000);
      await page.getByRole('link', { name: 'Sunflower Sprint' }).first().click();
      await page.waitForURL(/\/entries\/\d+/);
      await page.waitForLoadState('networkidle');
      // The judges' feedback is an idle-time island that asks the API (the frozen clock is never idle).
      await page.clock.runFor(2000);
      await page.getByRole('heading', { name: 'Judges’ private feedback' }).waitFor({ timeout: 15_000 });
    },
  },
  { name: 'ratings-jam-judge', path: `/jams/${SHOWCASE.ratings}`, as: 'maze_maker' },
  { name: 'theme-round-suggesting', path: `/jams/${SHOWCASE.themeSuggesting}`, as: 'demo_admin' },
  { name: 'theme-round-1', path: `/jams/${SHOWCASE.themeRound1}`, as: 'demo_admin' },
  { name: 'theme-round-final', path: `/jams/${SHOWCASE.themeFinal}`, as: 'demo_admin' },
  { name: 'live-jam', path: `/jams/${SHOWCASE.live}` },
  {
    // A visitor's open page as a new entry arrives on its stream ("Just in"); the entry is withdrawn again after each shot.
    name: 'live-jam-just-in',
    path: `/jams/${SHOWCASE.live}`,
    then: async (page) => {
      const entry = await submitAs(page.context().browser()!, 'cat_coder', SHOWCASE.live, 100000002);
      await page.clock.runFor(2000);
      await page.getByText('Just in').first().waitFor({ timeout: 15_000 });
      await page.clock.runFor(2000);
      afterShot = () => withdrawAs(page.context().browser()!, 'cat_coder', SHOWCASE.live, entry);
    },
  },
  { name: 'results-waiting-manager', path: `/jams/${SHOWCASE.resultsWaiting}`, as: 'block_builder' },
  { name: 'late-window-entrant', path: `/jams/${SHOWCASE.lateWindow}`, as: 'doodle_dino' },
  { name: 'hidden-entries-jam', path: `/jams/${SHOWCASE.hiddenEntries}#submissions` },
  {
    name: 'create-jam-colour-refused',
    path: '/jams/new',
    as: 'demo_admin',
    then: async (page) => {
      await page.getByLabel('Name').fill('Sunny Colours Jam');
      await page.getByLabel('Description').fill('A jam in its own colours.');
      await page.getByRole('textbox', { name: 'Accent colour' }).fill('#ffff00');
      await page.getByRole('button', { name: 'Create game jam' }).click();
      await page.getByRole('button', { name: 'Use #8f8f00' }).waitFor();
    },
  },
];

/** What a view's `then` leaves to undo once its shot is taken. */
let afterShot: (() => Promise<void>) | null = null;

/** Submits a fake Scratch project to a jam as `name` (its own browser context); answers the entry's id. */
async function submitAs(browser: Browser, name: string, slug: string, scratchId: number): Promise<number> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signIn(page, name);
    const answer = await page.request.post(`${BASE}/api/jams/${slug}/entries`, {
      data: { url: `https://scratch.mit.edu/projects/${scratchId}` },
      headers: { origin: BASE },
    });
    if (!answer.ok()) throw new Error(`submitting as ${name}: HTTP ${answer.status()} ${await answer.text()}`);
    return ((await answer.json()) as { id: number }).id;
  } finally {
    await context.close();
  }
}

async function withdrawAs(browser: Browser, name: string, slug: string, entryId: number): Promise<void> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signIn(page, name);
    const answer = await page.request.delete(`${BASE}/api/jams/${slug}/entries/${entryId}`, { headers: { origin: BASE } });
    if (!answer.ok()) throw new Error(`withdrawing as ${name}: HTTP ${answer.status()} ${await answer.text()}`);
  } finally {
    await context.close();
  }
}

/** The jam form's "Theme chosen by the community" checked and its schedule filled in (the clock is frozen at FROZEN). */
async function themeRoundsOn(page: Page): Promise<void> {
  const local = (time: number) => new Date(time - new Date(time).getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  await page.getByLabel('Name').fill('Community Theme Jam');
  await page.getByLabel('Description').fill('You choose the theme: suggest one, sort them, vote for a finalist.');
  await page.getByLabel(/^Start\b/).fill(local(TODAY + 14 * DAY));
  await page.getByLabel(/^End\b/).fill(local(TODAY + 21 * DAY));
  const theme = page.getByRole('group', { name: 'Theme', exact: true });
  await theme.getByLabel('Theme chosen by the community').check();
  await theme.getByLabel('Suggestions open').fill(local(TODAY + 1 * DAY));
  await theme.getByLabel('Round 1 opens').fill(local(TODAY + 7 * DAY));
  await theme.getByLabel('Final round opens').fill(local(TODAY + 11 * DAY));
  await theme.getByLabel('Voting closes').fill(local(TODAY + 13 * DAY));
  await theme.getByLabel('Finalists').fill('8');
  await theme.getByLabel('Finalists').blur();
}

let someThemeSuggestionsDone: Promise<void> | null = null;
/**
 * The upcoming jam's theme is chosen by the community, suggestions open now (the server's real
 * clock), set by its manager through the API; four Scratchers suggest five themes.
 */
function someThemeSuggestions(browser: Browser): Promise<void> {
  someThemeSuggestionsDone ??= (async () => {
    const starts = TODAY + 3 * DAY;
    const at = (time: number) => new Date(time).toISOString();
    const steps: [string, string, unknown][] = [
      [
        people.upcoming.manager,
        'PUT /theme/rounds',
        {
          enabled: true,
          suggestFrom: at(Date.now() - 3_600_000),
          round1From: at(starts - 3 * 3_600_000),
          finalFrom: at(starts - 2 * 3_600_000),
          closesAt: at(starts - 3_600_000),
        },
      ],
      ['cat_coder', 'POST /theme/suggestions', { text: 'Cats' }],
      ['cat_coder', 'POST /theme/suggestions', { text: 'Upside down' }],
      ['pixel_pioneer', 'POST /theme/suggestions', { text: 'Kitty' }],
      ['block_builder', 'POST /theme/suggestions', { text: 'the cat' }],
      ['sprite_smith', 'POST /theme/suggestions', { text: 'One button only' }],
    ];
    for (const [name, route, data] of steps) {
      const context = await browser.newContext();
      const page = await context.newPage();
      try {
        await signIn(page, name);
        const [method, path] = route.split(' ') as ['PUT' | 'POST', string];
        const answer = await page.request.fetch(`${BASE}/api/jams/${jam.upcoming}${path}`, {
          method,
          data,
          headers: { origin: BASE },
        });
        if (!answer.ok()) throw new Error(`${route} as ${name}: HTTP ${answer.status()} ${await answer.text()}`);
      } finally {
        await context.close();
      }
    }
  })();
  return someThemeSuggestionsDone;
}

let databaseUrl = '';
let someQuestionsDone: Promise<void> | null = null;

const QUESTIONS = [
  { kind: 'yesno', prompt: 'I made all the art myself', required: true },
  { kind: 'choice', prompt: 'Made with', choices: ['Scratch', 'TurboWarp'] },
  { kind: 'text', prompt: 'Anything the judges should know?', private: true },
];

/**
 * The ongoing and the ended jam ask three questions (through the API, by their managers, so cached
 * pages go); two of the ended jam's entries answered them, one of them late (written into the database first).
 */
function someQuestions(browser: Browser): Promise<void> {
  someQuestionsDone ??= (async () => {
    const database = await openDatabase(databaseUrl);
    try {
      const [ended] = await database.select().from(jams).where(eq(jams.slug, jam.ended));
      const answer = (id: number, answers: Record<string, string | boolean>, late = false) =>
        database
          .update(entries)
          .set({ answers, late })
          .where(and(eq(entries.jamId, ended!.id), eq(entries.id, id)));
      await answer(4, { '1': true, '2': 'TurboWarp', '3': 'The music is mine too, made in BeepBox.' });
      await answer(5, { '1': true, '2': 'Scratch' }, true);
    } finally {
      database.$client.close();
    }
    for (const [slug, manager] of [
      [jam.ended, people.ended.manager],
      [jam.ongoing, people.ongoing.manager],
    ] as const) {
      const context = await browser.newContext();
      const page = await context.newPage();
      try {
        await signIn(page, manager);
        const saved = await page.request.patch(`${BASE}/api/jams/${slug}`, {
          data: { questions: QUESTIONS },
          headers: { origin: BASE },
        });
        if (!saved.ok()) throw new Error(`Questions of ${slug}: HTTP ${saved.status()} ${await saved.text()}`);
      } finally {
        await context.close();
      }
    }
  })();
  return someQuestionsDone;
}
let someKudosDone: Promise<void> | null = null;

/** Four players give the ongoing jam's first entry their stickers, through the API (which drops its cached page). */
function someKudos(browser: Browser): Promise<void> {
  someKudosDone ??= (async () => {
    const given: Record<string, string[]> = {
      cat_coder: ['fun', 'art', 'more'],
      loop_legend: ['fun', 'sounds', 'idea'],
      pixel_pioneer: ['fun', 'funny', 'theme'],
      block_builder: ['art', 'polished', 'more'],
    };
    for (const [name, stickers] of Object.entries(given)) {
      const context = await browser.newContext();
      const page = await context.newPage();
      try {
        await signIn(page, name);
        for (const sticker of stickers) {
          const answer = await page.request.put(`${BASE}/api/jams/${jam.ongoing}/entries/1/kudos/${sticker}`, {
            headers: { origin: BASE },
          });
          if (!answer.ok()) throw new Error(`Kudos from ${name}: HTTP ${answer.status()} ${await answer.text()}`);
        }
      } finally {
        await context.close();
      }
    }
  })();
  return someKudosDone;
}

/** Scrolls to an entry's notes (their island wakes when seen) and waits for the list. */
async function showNotes(page: Page): Promise<void> {
  await page.locator('#notes').scrollIntoViewIfNeeded();
  await page.clock.runFor(1000);
  await page.locator('#notes [data-note]').first().waitFor();
}
let fairFlagsDone: Promise<void> | null = null;

/**
 * What Scratch said about the ended jam's entries (written straight into the database, as the check
 * would): Leaf Catcher remixes Orbit Runner, Pumpkin Pong was made before the jam, Acorn Invaders was
 * saved after its end. Then its manager marks Leaf Catcher checked and disqualifies Acorn Invaders
 * through the API, which also drops the jam's cached pages.
 */
function fairFlags(browser: Browser): Promise<void> {
  fairFlagsDone ??= (async () => {
    const database = await openDatabase(databaseUrl);
    try {
      const [ended] = await database.select().from(jams).where(eq(jams.slug, jam.ended));
      const checkedAt = new Date();
      await database.update(jams).set({ entriesCheckedAt: checkedAt }).where(eq(jams.id, ended!.id));
      const history = (scratchId: number, fields: Partial<typeof entries.$inferInsert>) =>
        database
          .update(entries)
          .set({ historyCheckedAt: checkedAt, ...fields })
          .where(and(eq(entries.jamId, ended!.id), eq(entries.scratchId, scratchId)));
      const during = new Date(ended!.startsAt.getTime() + DAY);
      await history(900000201, {
        projectCreatedAt: during,
        projectModifiedAt: during,
        remixParentId: 900000101,
        remixRootId: 900000101,
        remixParentTitle: 'Orbit Runner',
      });
      await history(900000202, { projectCreatedAt: new Date(ended!.startsAt.getTime() - 40 * DAY), projectModifiedAt: during });
      await history(900000203, { projectCreatedAt: during, projectModifiedAt: new Date(ended!.endsAt.getTime() + 3 * DAY) });
    } finally {
      database.$client.close();
    }
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await signIn(page, people.ended.manager);
      for (const [id, review] of [
        [4, 'checked'],
        [6, 'disqualified'],
      ] as const) {
        const answer = await page.request.put(`${BASE}/api/jams/${jam.ended}/entries/${id}/review`, {
          data: { review },
          headers: { origin: BASE },
        });
        if (!answer.ok()) throw new Error(`Reviewing entry ${id}: HTTP ${answer.status()} ${await answer.text()}`);
      }
    } finally {
      await context.close();
    }
  })();
  return fairFlagsDone;
}

let manualResultsDone: Promise<void> | null = null;

/**
 * The ended jam turned into one whose results wait for a manager (written straight into the
 * database: once results are public the API refuses to hide them again), then a harmless edit
 * through the API drops its cached pages.
 */
function manualResults(browser: Browser): Promise<void> {
  manualResultsDone ??= (async () => {
    await fairFlags(browser);
    const database = await openDatabase(databaseUrl);
    let description = '';
    try {
      const [ended] = await database.select().from(jams).where(eq(jams.slug, jam.ended));
      description = ended!.description;
      await database.update(jams).set({ results: 'manual', resultsPublishedAt: null }).where(eq(jams.id, ended!.id));
    } finally {
      database.$client.close();
    }
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await signIn(page, people.ended.manager);
      const answer = await page.request.patch(`${BASE}/api/jams/${jam.ended}`, {
        data: { description },
        headers: { origin: BASE },
      });
      if (!answer.ok()) throw new Error(`Editing the ended jam: HTTP ${answer.status()} ${await answer.text()}`);
    } finally {
      await context.close();
    }
  })();
  return manualResultsDone;
}

async function startSite(): Promise<{ stop: () => void }> {
  const folder = mkdtempSync(join(tmpdir(), 'itinerary-screenshots-'));
  databaseUrl = `file:${join(folder, 'site.db')}`;
  const database = await openDatabase(databaseUrl);
  await migrateDatabase(database);
  await seedDemoData(database, new Date(TODAY));
  await addVotingPeriodJam(database, TODAY);
  await addNotes(database, TODAY);
  await addInboxDemo(database, TODAY);
  await addTeamDemo(database, TODAY);
  // Last, so the ids the views above name stay as they were; dated by the server's real clock (its rules use it).
  await seedShowcase(database);
  database.$client.close();
  const fakes = await startFakes();
  const app = spawn(process.execPath, ['scripts/launch.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      ...fakes.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      PUBLIC_SITE_URL: BASE,
      DATABASE_URL: databaseUrl,
      ITINERARY_ADMINS: 'demo_admin',
      ITINERARY_PROCESSES: '1',
    },
  });
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (tries > 600) throw new Error('The site did not start within 60 s.');
    await new Promise((done) => setTimeout(done, 100));
  }
  return {
    stop: () => {
      app.kill('SIGTERM');
      void fakes.close();
    },
  };
}

/**
 * Signs in the way a Scratcher does (our /login, the fake ScratchAuth, /confirm-login), so the
 * login page in the gallery is the real one, without the development login's form.
 */
async function signIn(page: Page, name: string): Promise<void> {
  await page.goto(`${BASE}/login`);
  await page.getByRole('link', { name: 'Log in with Scratch' }).click();
  await page.getByLabel('Scratch username').fill(name);
  await page.getByRole('button', { name: 'Authorize' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.waitForURL((url) => !url.pathname.includes('confirm-login'));
}

async function shoot(browser: Browser, view: View, mode: (typeof ALL_MODES)[number], width: number): Promise<void> {
  const context = await browser.newContext({
    viewport: { width, height: width > 600 ? 900 : 844 },
    deviceScaleFactor: 1,
    colorScheme: mode === 'dark' ? 'dark' : 'light',
    reducedMotion: 'reduce',
  });
  await context.addInitScript((mode) => localStorage.setItem('itinerary-color-mode', mode), mode);
  // Only the site and its fakes on loopback: a reachable Scratch CDN would make runs differ.
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort('blockedbyclient'));
  const page = await context.newPage();
  // Paused two seconds early, then run up to FROZEN after loading: idle-time islands (the
  // colour mode select, the cats button) hydrate, and the countdowns still read FROZEN.
  // Installed a second earlier still: the installed clock runs on until paused, and a pause must lie ahead.
  await page.clock.install({ time: FROZEN - 3000 });
  await page.clock.pauseAt(FROZEN - 2000);
  try {
    if (view.as) await signIn(page, view.as);
    await page.goto(`${BASE}${view.path}`, { waitUntil: 'networkidle', timeout: 60_000 });
    await page.evaluate(() => document.fonts.ready);
    await page.clock.runFor(2000);
    // On a busy machine idle-time islands may hydrate late: wait for them, and for what they fetch.
    await page
      .waitForFunction(() => !document.querySelector('astro-island[ssr]:not([client="visible"])'), null, { timeout: 10_000 })
      .catch(() => undefined);
    await page.waitForLoadState('networkidle');
    await view.then?.(page);
    // A full-page shot of a scrolled page paints the sticky nav in the middle of it.
    if (!view.dialog) await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(150);
    await page.screenshot({
      path: join(OUT, `${view.name}-${mode}-${width}.png`),
      fullPage: !view.dialog,
      animations: 'disabled',
    });
  } finally {
    await context.close();
    const undo = afterShot;
    afterShot = null;
    await undo?.();
  }
}

const only = process.argv.slice(2);
const unknown = only.filter((name) => !VIEWS.some((view) => view.name === name));
if (unknown.length) {
  console.error(`Unknown view(s): ${unknown.join(', ')}. The views are: ${VIEWS.map((view) => view.name).join(' ')}`);
  process.exit(1);
}
const views = only.length ? VIEWS.filter((view) => only.includes(view.name)) : VIEWS;
mkdirSync(OUT, { recursive: true });
const site = await startSite();
const browser = await chromium.launch(CHROMIUM_LAUNCH);
try {
  for (const view of views) {
    await view.setup?.(browser);
    for (const mode of MODES) for (const width of WIDTHS) await shoot(browser, view, mode, width);
    console.log(`${view.name}: ${MODES.length * WIDTHS.length} screenshots`);
  }
} finally {
  await browser.close();
  site.stop();
}
