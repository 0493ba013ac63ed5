import { CALENDAR_CONTENT_TYPE, calendarJams, jamsCalendar } from '#server/publish/calendar';
import { endpoint } from '#server/http/endpoint';
import { shareResponse } from '#server/http/share-responses';
import { siteUrl } from '#server/publish/site-urls';

/** Every jam, for calendar apps to subscribe to. */
export const GET = endpoint(async ({ locals }) => {
  const ics = jamsCalendar(await calendarJams(), { site: siteUrl(), locale: locals.locale, t: locals.t });
  return shareResponse(ics, CALENDAR_CONTENT_TYPE, { 'content-disposition': 'inline; filename="itinerary.ics"' });
});
