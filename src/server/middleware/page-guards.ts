/**
 * Page guards (spec §6), checked on the server before a page renders. Paths are written
 * without the locale prefix; `/x/*` covers every page below `/x`. The first matching row wins.
 */
import type { APIContext } from 'astro';
import { localizePath, splitLocale } from '#i18n/paths';
import { can } from '#server/auth/permissions';
import type { SessionValidation } from '#server/auth/session';

export type GuardName = 'isAuthenticated' | 'isAdmin' | 'isNotAuthenticated';

export const GUARDED_ROUTES: ReadonlyArray<{ path: string; guard: GuardName }> = [
  { path: '/dashboard/users', guard: 'isAdmin' },
  { path: '/dashboard/activity', guard: 'isAdmin' },
  { path: '/dashboard/jam-requests', guard: 'isAdmin' },
  { path: '/dashboard/filter', guard: 'isAdmin' },
  { path: '/dashboard/reports', guard: 'isAdmin' },
  { path: '/dashboard', guard: 'isAuthenticated' },
  { path: '/dashboard/*', guard: 'isAuthenticated' },
  { path: '/notifications', guard: 'isAuthenticated' },
  { path: '/jams/new', guard: 'isAuthenticated' },
  { path: '/jams/request', guard: 'isAuthenticated' },
  { path: '/login', guard: 'isNotAuthenticated' },
  { path: '/confirm-login', guard: 'isNotAuthenticated' },
];

const matches = (pattern: string, path: string) =>
  pattern.endsWith('/*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern;

/** The guard for a path without locale prefix (`/jams/new/` and `/jams/new` alike). */
export function guardFor(path: string): GuardName | null {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return GUARDED_ROUTES.find((route) => matches(route.path, clean))?.guard ?? null;
}

interface Detour {
  to: string;
  why: string;
}

const CHECKS: Record<GuardName, (validation: SessionValidation) => Detour | null | Promise<Detour | null>> = {
  isAuthenticated: (validation) => {
    if (!validation) return { to: '/login', why: 'not logged in' };
    const { user } = validation;
    if (user.isBanned) return { to: `/banned/${encodeURIComponent(user.name)}`, why: `${user.name} is banned` };
    return null;
  },
  isAdmin: async (validation) => {
    if (!validation) return { to: '/', why: 'not logged in' };
    const { user } = validation;
    if (!(await can(user, 'site:administer', null))) return { to: '/', why: `${user.name} is not an administrator` };
    return null;
  },
  // A failed validation (none, expired, banned) lets the guest stay.
  isNotAuthenticated: (validation) =>
    validation && !validation.user.isBanned ? { to: '/', why: `${validation.user.name} is already logged in` } : null,
};

type GuardContext = Pick<APIContext, 'url' | 'locals'>;

/** A redirect when the page's guard refuses the visitor, else undefined (render the page). */
export async function guardRoute(ctx: GuardContext): Promise<Response | undefined> {
  const guard = guardFor(splitLocale(ctx.url.pathname).path);
  if (!guard) return undefined;
  const detour = await CHECKS[guard](await ctx.locals.session());
  if (!detour) return undefined;
  const location = localizePath(ctx.locals.locale, detour.to);
  console.warn(`${guard}: ${ctx.url.pathname} → ${location} (${detour.why})`);
  return new Response(null, { status: 302, headers: { location, 'cache-control': 'no-store' } });
}
