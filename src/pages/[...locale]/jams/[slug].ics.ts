import { CALENDAR_CONTENT_TYPE, jamsCalendar } from '#server/publish/calendar';
import { endpoint } from '#server/http/endpoint';
import { findJam } from '#server/jams/jams';
import { shareResponse } from '#server/http/share-responses';
import { notFound } from '#server/platform/errors';
import { jamCalendarPath, siteUrl } from '#server/publish/site-urls';

/**
 * `/jams/{slug}.ics`: one jam as a calendar event. Wins over the jam page route for `.ics`; a calendar
 * client, not a reader, asks for it, so an unknown jam answers the API's JSON 404.
 */
export const GET = endpoint(async (ctx) => {
  const { locale, t } = ctx.locals;
  const slug = ctx.params.slug!;
  const found = await findJam(slug);
  if (!found) throw notFound('There is no game jam at this address.');
  if (found.canonicalSlug !== slug) return ctx.redirect(jamCalendarPath(found.canonicalSlug, locale), 301);
  const ics = jamsCalendar([found.jam], { site: siteUrl(), locale, t }, found.jam.name);
  return shareResponse(ics, CALENDAR_CONTENT_TYPE, { 'content-disposition': `attachment; filename="${found.jam.slug}.ics"` });
});
