/**
 * iCalendar for jams: one jam (`/jams/{slug}.ics`) and every jam (`/calendar.ics`, subscribable).
 * One VEVENT per jam, UID `jam-{id}@{host}` so a renamed jam updates in place (and one for its voting
 * period, `jam-{id}-voting@{host}`, when it has one), times in UTC,
 * the description never the body (mystery mode).
 */
import { revealedTheme } from '#lib/themes';
import { asc } from 'drizzle-orm';
import ical, { ICalCalendarMethod, type ICalEventData } from 'ical-generator';
import { type Jam, jams } from '#db/schema';
import type { LocaleCode } from '#i18n/locales';
import type { Translate } from '#i18n/translate';
import { db } from '#server/platform/db';
import { absoluteUrl, jamCalendarPath, jamEventUid, jamPath, siteUrl } from './site-urls';

/** Subscribers refresh about this often (REFRESH-INTERVAL / X-PUBLISHED-TTL). */
export const CALENDAR_REFRESH_SECONDS = 60 * 60;
export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8';

export interface CalendarContext {
  site: string;
  locale: LocaleCode;
  t: Translate;
}

export async function calendarJams(): Promise<Jam[]> {
  return db().select().from(jams).orderBy(asc(jams.startsAt), asc(jams.id));
}

const pageUrl = (slug: string, ctx: Pick<CalendarContext, 'site' | 'locale'>) => absoluteUrl(ctx.site, jamPath(slug, ctx.locale));

/** The jam (start to submission end), and its voting period as a second event when it has one. */
function jamEvents(jam: Jam, ctx: CalendarContext): ICalEventData[] {
  const url = pageUrl(jam.slug, ctx);
  const theme = revealedTheme(jam);
  const common = {
    description: `${jam.description}\n\n${theme ? `${ctx.t('jamTheme.label')}: ${theme}\n\n` : ''}${url}`,
    url,
    // The last change of the jam, so the same jam always gives the same bytes.
    stamp: jam.updatedAt,
    created: jam.createdAt,
    lastModified: jam.updatedAt,
  };
  const events: ICalEventData[] = [
    { ...common, id: jamEventUid(ctx.site, jam.id), summary: jam.name, start: jam.startsAt, end: jam.endsAt },
  ];
  if (jam.votingEndsAt) {
    events.push({
      ...common,
      id: jamEventUid(ctx.site, jam.id, 'voting'),
      summary: ctx.t('calendar.votingEvent', { name: jam.name }),
      start: jam.endsAt,
      end: jam.votingEndsAt,
    });
  }
  return events;
}

/** A calendar of the given jams; `name` is the calendar's display name. */
export function jamsCalendar(list: Jam[], ctx: CalendarContext, name = ctx.t('calendar.name')): string {
  return ical({
    name,
    description: ctx.t('calendar.description'),
    prodId: { company: 'Itinerary', product: 'Itinerary', language: ctx.locale.toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
    ttl: CALENDAR_REFRESH_SECONDS,
    url: absoluteUrl(ctx.site, '/'),
    events: list.flatMap((jam) => jamEvents(jam, ctx)),
  }).toString();
}

/** `20250106T180000Z`: the UTC form Google Calendar's `dates` parameter takes. */
const compactUtc = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** A link that opens Google Calendar's "new event" form filled in with the jam. */
export function googleCalendarUrl(
  jam: Pick<Jam, 'slug' | 'name' | 'description' | 'startsAt' | 'endsAt'>,
  ctx: Pick<CalendarContext, 'site' | 'locale'>,
): string {
  const url = pageUrl(jam.slug, ctx);
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: jam.name,
    dates: `${compactUtc(jam.startsAt)}/${compactUtc(jam.endsAt)}`,
    details: `${jam.description}\n\n${url}`,
    location: url,
  });
  return `https://calendar.google.com/calendar/render?${params}`;
}

/** Everything the jam page's "Add to calendar" island needs: `<AddToCalendar client:idle {...addToCalendarProps(jam, locale, t)} />`. */
export function addToCalendarProps(
  jam: Pick<Jam, 'slug' | 'name' | 'description' | 'startsAt' | 'endsAt'>,
  locale: LocaleCode,
  t: Translate,
  site = siteUrl(),
) {
  return {
    googleUrl: googleCalendarUrl(jam, { site, locale }),
    icsUrl: jamCalendarPath(jam.slug, locale),
    fileName: `${jam.slug}.ics`,
    labels: {
      add: t('calendar.add'),
      google: t('calendar.google'),
      download: t('calendar.download'),
      newTab: t('calendar.newTab'),
    },
  };
}
