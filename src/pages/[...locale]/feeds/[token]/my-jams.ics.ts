import { CALENDAR_CONTENT_TYPE } from '#server/publish/calendar';
import { endpoint } from '#server/http/endpoint';
import { PRIVATE_FEED_HEADERS, feedJams, privateCalendar } from '#server/publish/private-feeds';
import { siteUrl } from '#server/publish/site-urls';

/** A person's private calendar: the jams they joined. Only its secret address opens it (else 404). */
export const GET = endpoint(async ({ params, locals }) => {
  const jams = await feedJams(params.token);
  const ics = privateCalendar(jams, { site: siteUrl(), locale: locals.locale, t: locals.t });
  return new Response(ics, {
    headers: {
      'content-type': CALENDAR_CONTENT_TYPE,
      'content-disposition': 'inline; filename="my-jams.ics"',
      ...PRIVATE_FEED_HEADERS,
    },
  });
});
