/**
 * One answer to "who may" (issue 36 §1, ADR 030): `can` in src/server/auth/permissions.ts decides.
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
  /** Files that touch it without deciding, and why. */
  allowed: Record<string, string>;
}

const FACTS: Fact[] = [
  {
    name: 'the administrator flag',
    // A member read (`user.isAdmin`, `users.isAdmin`) or a shorthand (`{ isAdmin }`, `const { isAdmin } =`).
    pattern: /\.isAdmin\b|[{,]\s*isAdmin\s*[,}]/,
    allowed: {
      'src/server/auth/session.ts': 'reads the flag with the session',
      'src/server/users/users.ts': 'the users service lists, sets and filters the flag and keeps one administrator',
      'src/server/users/admin-flags.ts': 'a change of the flags, and the one administrator it keeps',
      'src/server/users/dashboard.ts': 'the dashboard DTO shows the flag',
      'src/server/jams/viewer.ts': 'the jam viewer DTO shows the flag',
      'src/pages/api/auth/me.ts': 'the session DTO (spec §7) shows the flag',
      'src/server/jams/managers.ts': 'says that the person being added already runs every jam (a fact about them, not the actor)',
      'src/islands/NavSession.tsx': 'offers "Create jam" or "Request a jam" from the session DTO; the server decides',
      'src/islands/UsersAdmin.tsx': 'the users table shows the flag and reloads when you take your own away',
      'src/islands/UsersEditFlags.tsx': 'the form that edits the flag',
      'src/server/moderation/reports.ts': 'who hears about a new report (every administrator)',
      'src/server/users/my-data.ts': 'the person’s own data export shows their flag',
    },
  },
  {
    name: 'the manager rows',
    pattern: /\bjamManagers\b|\bjam_managers\b/,
    allowed: {
      'src/server/jams/managers.ts': 'lists, adds and removes the rows themselves',
      'src/server/jams/request-answers.ts': 'approving a jam request makes its requester a manager',
      'src/server/moderation/reports.ts': 'who hears about a new report',
      'src/server/users/dashboard.ts': 'lists the jams a person manages',
      'src/server/users/profiles.ts': 'lists the jams a person manages',
      'src/server/publish/sitemap.ts': 'lists the people with a public profile',
      'src/server/users/my-data.ts': 'the person’s own data export lists the jams they manage',
    },
  },
  {
    name: 'a banned refusal',
    // Refusing banned people is one guard's (refuseIfBanned), not each service's own `if (user.isBanned) throw …`.
    pattern: /\bbannedError\s*\(/,
    allowed: {
      'src/server/auth/require.ts': 'the one guard, refuseIfBanned, and the session guards that use it',
      'src/pages/api/auth/me.ts': 'logs a banned person out before it says they are banned (spec §4)',
    },
  },
  {
    name: 'a jam role',
    pattern: /\bjamRole\s*\(/,
    allowed: { 'src/server/jams/viewer.ts': 'the jam page says "You are a manager" (the DTO’s role)' },
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
      if (fact.allowed[path]) continue;
      lines.forEach((line, index) => {
        if (fact.pattern.test(line)) found.push(`${path}:${index + 1} reads ${fact.name}: ${line.trim()}`);
      });
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
      ['src/server/jams/viewer.ts', 'if (viewer.isAdmin) return;'],
    ]);
    expect(decisionsOutside(planted)).toEqual([
      'src/server/jams/prizes.ts:1 reads the administrator flag: if (!user.isAdmin) throw forbidden();',
      'src/server/jams/judges.ts:1 reads the manager rows: const rows = await db().select().from(jamManagers).where(eq(jamManagers.userId, user.id));',
      "src/pages/[...locale]/jams/[slug]/prizes.astro:1 reads a jam role: const allowed = (await jamRole(user, jam.id)) !== 'none';",
      'src/islands/Prizes.tsx:1 reads the administrator flag: const { isAdmin } = session.user;',
    ]);
  });

  it('keeps its list of exceptions true: each one still touches the fact', () => {
    const stale = FACTS.flatMap((fact) =>
      Object.keys(fact.allowed)
        .filter((path) => !fact.pattern.test(withoutComments(files.get(path) ?? '')))
        .map((path) => `${path} no longer reads ${fact.name}: take it off the list`),
    );
    expect(stale).toEqual([]);
  });
});
