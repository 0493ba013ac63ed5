/**
 * The preamble of a jam's manager pages (the review list, the activity log): the session and the
 * jam read together (a visitor without a session token reads nothing), `private, no-store`, and
 * where a visitor, a banned person, an unknown jam or an old slug goes. The page then asks its
 * service, which says whether this person may see it. Astro routes no file whose name starts with `_`.
 */
import type { AstroGlobal } from 'astro';
import type { Jam } from '#db/schema';
import { localizePath } from '#i18n/paths';
import { readSessionToken } from '#server/auth/session';
import type { SessionUser } from '#server/auth/session';
import { findJam } from '#server/jams/jams';

export async function openManagerPage(
  Astro: AstroGlobal,
  /** The page's path below the jam's (`review`, `activity`), for the redirect from an old slug. */
  path: string,
): Promise<{ answer: Response } | { user: SessionUser; jam: Jam }> {
  const { locale } = Astro.locals;
  const slug = Astro.params.slug!;
  const [validation, found] = await Promise.all([
    Astro.locals.session(),
    readSessionToken(Astro.request, Astro.cookies) ? findJam(slug) : null,
  ]);
  Astro.response.headers.set('cache-control', 'private, no-store');
  if (!validation) return { answer: Astro.redirect(localizePath(locale, '/login')) };
  if (validation.user.isBanned)
    return { answer: Astro.redirect(localizePath(locale, `/banned/${encodeURIComponent(validation.user.name)}`)) };
  if (!found) return { answer: await Astro.rewrite('/404') };
  if (found.canonicalSlug !== slug)
    return { answer: Astro.redirect(localizePath(locale, `/jams/${found.canonicalSlug}/${path}`), 301) };
  return { user: validation.user, jam: found.jam };
}
