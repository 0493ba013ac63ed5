/**
 * One answer to "who may" (issue 36 §1, ADR 030; issue 45 §3): `can` in src/server/auth/permissions.ts decides.
 * Code elsewhere that reads the administrator flag, asks the manager rows or works out a jam role
 * is deciding on its own. What only shows or stores those facts is listed below, with why.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const DECISION_POINT = 'src/server/auth/permissions.ts';

interface Fact {
  name: string;
  /** Where the code touches the fact (comments left out). */
  pattern: RegExp;
  /**
   * Files that touch it without deciding: why, and on how many lines. A count, not the whole file: a
   * new line that touches the fact in a listed file is a new decision until the list says why.
   */
  allowed: Record<string, [why: string, lines: number]>;
}

const FACTS: Fact[] = [
  {
    name: 'the administrator flag',
    // A member read (`user.isAdmin`, `users.isAdmin`) or a shorthand (`{ isAdmin }`, `const { isAdmin } =`).
    pattern: /\.isAdmin\b|[{,]\s*isAdmin\s*[,}]/,
    allowed: {
      'src/server/auth/session.ts': ['reads the flag with the session', 1],
      'src/server/users/users.ts': ['the users service lists, sets and filters the flag and keeps one administrator', 5],
      'src/server/users/admin-flags.ts': ['a change of the flags, and the one administrator it keeps', 8],
      'src/server/users/dashboard.ts': ['the dashboard DTO shows the flag', 1],
      'src/server/jams/viewer.ts': ['the jam viewer DTO shows the flag', 1],
      'src/pages/api/auth/me.ts': ['the session DTO (spec §7) shows the flag', 2],
      'src/server/jams/managers.ts': [
        'says that the person being added already runs every jam (a fact about them, not the actor)',
        1,
      ],
      'src/islands/NavSession.tsx': ['offers "Create jam" or "Request a jam" from the session DTO; the server decides', 2],
      'src/islands/UsersAdmin.tsx': ['the users table shows the flag and reloads when you take your own away', 2],
      'src/islands/UsersEditFlags.tsx': ['the form that edits the flag', 3],
      'src/server/moderation/reports.ts': ['who hears about a new report (every administrator)', 1],
      'src/server/users/my-data.ts': ['the person’s own data export shows their flag', 1],
      'src/server/feedback/held-notes.ts': [
        'who hears of a held note: every administrator, then the jam’s managers (ADR 046)',
        2,
      ],
      'src/server/feedback/held-texts.ts': [
        'who hears of a held text: every administrator, then the jam’s managers unless it is the jam’s own (ADR 046)',
        2,
      ],
      'src/server/moderation/queue.ts': ['an administrator’s queue holds every jam’s held notes (ADR 046)', 2],
      'src/server/jams/jam-writes.ts': ['records whether an administrator wrote the body last: its links (ADR 046)', 1],
      'src/pages/api/markdown-preview.ts': ['the preview links as the writer’s own body would (ADR 046)', 1],
    },
  },
  {
    name: 'the manager rows',
    pattern: /\bjamManagers\b|\bjam_managers\b/,
    allowed: {
      'src/server/jams/managers.ts': ['lists, adds and removes the rows themselves', 12],
      'src/server/jams/request-answers.ts': ['approving a jam request makes its requester a manager', 2],
      'src/server/feedback/held-notes.ts': [
        'tells a jam’s managers of a held note, and lists the held notes of the jams one manages',
        4,
      ],
      'src/server/feedback/held-texts.ts': ['tells a jam’s managers of a held text (not of the jam’s own)', 3],
      'src/server/moderation/reports.ts': ['who hears about a new report', 2],
      'src/server/users/dashboard.ts': ['lists the jams a person manages', 4],
      'src/server/users/profiles.ts': ['lists the jams a person manages', 5],
      'src/server/publish/sitemap.ts': ['lists the people with a public profile', 2],
      'src/server/users/my-data.ts': ['the person’s own data export lists the jams they manage', 6],
    },
  },
  {
    name: 'the banned flag',
    pattern: /\.isBanned\b|[{,]\s*isBanned\s*[,}]/,
    allowed: {
      'src/server/auth/session.ts': ['reads the flag with the session', 1],
      'src/server/auth/require.ts': ['the one guard, refuseIfBanned', 1],
      'src/server/users/login.ts': ['a banned Scratcher who logs in is sent to the banned page (spec §4)', 3],
      'src/server/users/login-tokens.ts': ['a pending login carries the flag to the confirmation', 2],
      'src/server/middleware/page-guards.ts': ['the page guards send banned people to the banned page', 2],
      'src/server/users/users.ts': ['the users service lists, sets and filters the flag and keeps one administrator', 6],
      'src/server/users/admin-flags.ts': ['a change of the flags, and the one administrator it keeps', 10],
      'src/server/users/profiles.ts': ['a banned account’s profile is not shown', 1],
      'src/server/users/my-data.ts': ['the person’s own data export shows their flag', 1],
      'src/server/jams/viewer.ts': ['the viewer DTO shows the flag; a banned viewer’s document holds nothing personal', 2],
      'src/server/judging/plays.ts': ['a banned person’s play is not counted (the answer, not a refusal)', 1],
      'src/server/teams/team.ts': ['banned co-creators are hidden, and cannot be credited', 2],
      'src/server/judging/judges.ts': ['a banned person cannot be invited to judge (a fact about the invitee)', 1],
      'src/server/entries/entry-list.ts': ['banned co-creators are hidden', 1],
      'src/server/feedback/notes.ts': ['a banned reader’s notes list offers no writing', 1],
      'src/server/moderation/reports.ts': ['banned administrators hear of no report', 1],
      'src/server/feedback/held-notes.ts': ['banned moderators hear of no held note, and have no queue', 3],
      'src/server/feedback/held-texts.ts': ['banned moderators hear of no held text', 2],
      'src/server/publish/sitemap.ts': ['banned people’s profiles are not listed', 1],
      'src/server/inbox/feed-token.ts': ['a banned person’s private feeds stop', 3],
      'src/pages/api/auth/me.ts': ['the session DTO shows the flag, and logs a banned person out', 2],
      'src/pages/[...locale]/banned/[name].astro': ['the banned page itself', 1],
      'src/pages/[...locale]/jams/[slug]/_manager-page.ts': ['the manager pages send a banned manager to the banned page', 1],
      'src/stores/session.ts': ['the session store asks again for a banned session', 1],
      'src/islands/JamViewerBox.tsx': ['shows the viewer DTO’s flag', 2],
      'src/islands/UsersAdmin.tsx': ['the users table shows the flag', 2],
      'src/islands/UsersEditFlags.tsx': ['the form that edits the flag', 3],
      'src/islands/entries/Notes.tsx': ['offers the note form only to who may write', 2],
      'src/islands/report/ReportButton.tsx': ['offers Report only to who may report', 1],
    },
  },
  {
    name: 'a banned refusal',
    // Refusing banned people is one guard's (refuseIfBanned), not each service's own `if (user.isBanned) throw …`.
    pattern: /\bbannedError\s*\(/,
    allowed: {
      'src/server/auth/require.ts': ['the one guard, refuseIfBanned, and the session guards that use it', 1],
      'src/pages/api/auth/me.ts': ['logs a banned person out before it says they are banned (spec §4)', 1],
    },
  },
  {
    name: 'whether it is the person asking',
    // `x === user.id`: an own-rule ("your entry", "your note") decided outside `can`.
    pattern: /(===|!==)\s*(user|actor|viewer|me)\??\.id\b|\b(user|actor|viewer|me)\??\.id\s*(===|!==)/,
    allowed: {
      'src/server/users/profiles.ts': ['labels a row "submitter" or "co-creator" (a fact shown)', 1],
      'src/server/entries/entry-submit.ts': ['says "You have already entered" rather than the general refusal', 1],
      'src/server/teams/team.ts': ['names the asker’s role on the team for the DTO and whom to tell', 2],
      'src/server/jams/managers.ts': ['a manager leaving is told apart from one removed (the audit)', 1],
      'src/server/entries/entries.ts': ['audits a removal only when it is not the submitter’s own', 1],
      'src/server/moderation/actions.ts': ['audits only others’ entries; "You cannot ban yourself."', 2],
      'src/server/feedback/note-reads.ts': ['marks the reader’s own notes for the DTO (`mine`)', 1],
      'src/server/judging/judges.ts': ['a judge stepping down is told apart from one removed (the audit)', 1],
      'src/server/judging/judge-feedback.ts': ['a judge’s own feedback, the part of it they read, marked `mine` for the DTO', 2],
      'src/islands/UsersAdmin.tsx': ['reloads when administrators change their own flags', 2],
    },
  },
  {
    name: 'a jam role',
    pattern: /\bjamRole\s*\(/,
    allowed: { 'src/server/jams/viewer.ts': ['the jam page says "You are a manager" (the DTO’s role)', 1] },
  },
];

const SOURCE = /\.(ts|tsx|astro)$/;

function sourceFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(join(ROOT, 'src'), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !SOURCE.test(entry.name) || entry.name.endsWith('.test.ts')) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(ROOT, path).replaceAll('\\', '/'), readFileSync(path, 'utf8'));
  }
  return files;
}

const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\/|(^|[^:])\/\/.*$/gm, '$1');
/** Shapes and schemas name the fields; they decide nothing. */
const isDeclarative = (path: string) => path.startsWith('src/lib/');

/** `path: line` for every place outside the decision point that touches a fact it is not allowed to. */
function decisionsOutside(files: Map<string, string>): string[] {
  const found: string[] = [];
  for (const [path, code] of files) {
    if (path === DECISION_POINT || isDeclarative(path)) continue;
    const lines = withoutComments(code).split('\n');
    for (const fact of FACTS) {
      const touching = lines.flatMap((line, index) =>
        fact.pattern.test(line) ? [{ line: line.trim(), number: index + 1 }] : [],
      );
      const allowedLines = fact.allowed[path]?.[1] ?? 0;
      if (touching.length <= allowedLines) continue;
      const more = allowedLines ? ` (${touching.length} lines, its exception allows ${allowedLines})` : '';
      for (const { line, number } of touching) found.push(`${path}:${number} reads ${fact.name}${more}: ${line}`);
    }
  }
  return found;
}

describe('one decision point for "who may"', () => {
  const files = sourceFiles();

  it('leaves every decision to can() in the permissions module', () => {
    expect(decisionsOutside(files)).toEqual([]);
  });

  it('sees a service, a page or an island that decides on its own', () => {
    const planted = new Map([
      ['src/server/jams/prizes.ts', 'if (!user.isAdmin) throw forbidden();'],
      ['src/server/jams/judges.ts', 'const rows = await db().select().from(jamManagers).where(eq(jamManagers.userId, user.id));'],
      ['src/pages/[...locale]/jams/[slug]/prizes.astro', "const allowed = (await jamRole(user, jam.id)) !== 'none';"],
      ['src/islands/Prizes.tsx', 'const { isAdmin } = session.user;'],
      ['src/server/jams/ratings.ts', 'if (user.isBanned) throw bannedError(user.name);'],
      ['src/server/jams/feedback.ts', 'if (entry.submitterId !== user.id) throw forbidden();'],
    ]);
    expect(decisionsOutside(planted)).toEqual([
      'src/server/jams/prizes.ts:1 reads the administrator flag: if (!user.isAdmin) throw forbidden();',
      'src/server/jams/judges.ts:1 reads the manager rows: const rows = await db().select().from(jamManagers).where(eq(jamManagers.userId, user.id));',
      "src/pages/[...locale]/jams/[slug]/prizes.astro:1 reads a jam role: const allowed = (await jamRole(user, jam.id)) !== 'none';",
      'src/islands/Prizes.tsx:1 reads the administrator flag: const { isAdmin } = session.user;',
      'src/server/jams/ratings.ts:1 reads the banned flag: if (user.isBanned) throw bannedError(user.name);',
      'src/server/jams/ratings.ts:1 reads a banned refusal: if (user.isBanned) throw bannedError(user.name);',
      'src/server/jams/feedback.ts:1 reads whether it is the person asking: if (entry.submitterId !== user.id) throw forbidden();',
    ]);
  });

  it('sees a new decision in a file whose other lines are excepted', () => {
    const viewer = 'src/server/jams/viewer.ts';
    const grown = new Map([[viewer, `${files.get(viewer)}\nif (viewer.isAdmin) return;`]]);
    const found = decisionsOutside(grown);
    expect(found).toHaveLength(2);
    expect(found.at(-1)).toMatch(
      /^src\/server\/jams\/viewer\.ts:\d+ reads the administrator flag \(2 lines, its exception allows 1\): if \(viewer\.isAdmin\) return;$/,
    );
  });

  it('keeps its list of exceptions true: each touches the fact on as many lines as it says', () => {
    const stale = FACTS.flatMap((fact) =>
      Object.entries(fact.allowed).flatMap(([path, [, lines]]) => {
        const touching = withoutComments(files.get(path) ?? '')
          .split('\n')
          .filter((line) => fact.pattern.test(line)).length;
        return touching < lines ? [`${path} reads ${fact.name} on ${touching} lines, not ${lines}: lower its count`] : [];
      }),
    );
    expect(stale).toEqual([]);
  });
});
