/**
 * A person's private calendar and RSS (issue 34 §2): the jams they joined, with the start, the
 * submission deadline and the voting end. The calendar is the public calendar's events for those
 * jams; the RSS has an item per moment, dated a day before it (a heads-up), once that day has come.
 * Per person, so never in the shared page cache: `private, no-store`, and `noindex` for robots.
 */
import { type SQL, asc, eq } from 'drizzle-orm';
import { type Jam, jamParticipants, jams } from '#db/schema';
import type { LocaleCode } from '#i18n/locales';
import { localeByCode } from '#i18n/locales';
import { localizePath } from '#i18n/paths';
import type { Translate } from '#i18n/translate';
import type { FeedAddressesDto } from '#lib/schemas/inbox';
import { DAY_MS } from '#server/inbox/due';
import { FEED_TOKEN_PATTERN, feedOwnerId, requireFeedOwner } from '#server/inbox/feed-token';
import { db } from '#server/platform/db';
import { jamsCalendar } from './calendar';
import { formatUtc } from './feeds';
import { absoluteUrl, jamEventUid, jamPath, siteUrl } from './site-urls';
import { readTogether } from '#server/platform/named';

export const PRIVATE_FEED_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'private, no-store',
  'x-robots-tag': 'noindex, nofollow',
  'referrer-policy': 'no-referrer',
};

/** Not `calendar.ics`/`rss.xml`: those names would also match the public feeds' routes (`[...locale]/calendar.ics`). */
export const PRIVATE_FEED_FILES = { calendar: 'my-jams.ics', rss: 'my-jams.xml' } as const;
export type PrivateFeedFile = (typeof PRIVATE_FEED_FILES)[keyof typeof PRIVATE_FEED_FILES];

export const privateFeedPath = (token: string, file: PrivateFeedFile, locale: LocaleCode = 'en') =>
  localizePath(locale, `/feeds/${token}/${file}`);

/** The absolute addresses for a secret (both null: turned off). */
export function feedAddresses(token: string | null, locale: LocaleCode = 'en', site = siteUrl()): FeedAddressesDto {
  if (!token) return { calendar: null, rss: null };
  return {
    calendar: absoluteUrl(site, privateFeedPath(token, PRIVATE_FEED_FILES.calendar, locale)),
    rss: absoluteUrl(site, privateFeedPath(token, PRIVATE_FEED_FILES.rss, locale)),
  };
}

/**
 * The jams the owner of a feed address joined, read beside the address's owner (one round trip);
 * the same 404 as `requireFeedOwner` for an address that opens nothing.
 */
export async function feedJams(token: string | undefined): Promise<Jam[]> {
  const joined = token && FEED_TOKEN_PATTERN.test(token) ? joinedJams(feedOwnerId(token)) : Promise.resolve([]);
  const { list } = await readTogether({ owner: requireFeedOwner(token), list: joined });
  return list;
}

/** The jams the person (an id, or a subquery that gives it) joined (submitting joins too), by start. */
export async function joinedJams(userId: number | SQL): Promise<Jam[]> {
  const rows = await db()
    .select({ jam: jams })
    .from(jamParticipants)
    .innerJoin(jams, eq(jams.id, jamParticipants.jamId))
    .where(eq(jamParticipants.userId, userId))
    .orderBy(asc(jams.startsAt), asc(jams.id));
  return rows.map((row) => row.jam);
}

interface Ctx {
  site: string;
  locale: LocaleCode;
  t: Translate;
}

export function privateCalendar(list: Jam[], ctx: Ctx): string {
  return jamsCalendar(list, ctx, ctx.t('inbox.feeds.calendarName'));
}

type Moment = 'start' | 'deadline' | 'voting';

interface FeedMoment {
  jam: Jam;
  moment: Moment;
  at: Date;
}

/** The moments whose heads-up (a day before) has come, newest first. */
export function feedMoments(list: Jam[], now = Date.now()): FeedMoment[] {
  const moments = list.flatMap((jam): FeedMoment[] => [
    { jam, moment: 'start', at: jam.startsAt },
    { jam, moment: 'deadline', at: jam.endsAt },
    ...(jam.votingEndsAt ? [{ jam, moment: 'voting' as const, at: jam.votingEndsAt }] : []),
  ]);
  return moments.filter((item) => item.at.getTime() - DAY_MS <= now).sort((a, b) => b.at.getTime() - a.at.getTime());
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** RSS 2.0 of the person's moments. */
export function privateRss(list: Jam[], ctx: Ctx & { self: string; now?: number }): string {
  const { site, locale, t } = ctx;
  const items = feedMoments(list, ctx.now).map(({ jam, moment, at }) => {
    const link = absoluteUrl(site, jamPath(jam.slug, locale));
    const title = t(`inbox.feeds.${moment}`, { name: jam.name });
    const when = formatUtc(at, locale);
    const published = new Date(at.getTime() - DAY_MS).toUTCString();
    return (
      `<item><title>${escapeXml(title)}</title><link>${escapeXml(link)}</link>` +
      `<description>${escapeXml(`${title} ${when}`)}</description><pubDate>${published}</pubDate>` +
      `<guid isPermaLink="false">${escapeXml(`${jamEventUid(site, jam.id)}#${moment}`)}</guid></item>`
    );
  });
  return (
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>` +
    `<title>${escapeXml(t('inbox.feeds.rssTitle'))}</title>` +
    `<description>${escapeXml(t('inbox.feeds.rssDescription'))}</description>` +
    `<link>${escapeXml(absoluteUrl(site, localizePath(locale, '/dashboard')))}</link>` +
    `<language>${localeByCode(locale).lang}</language>` +
    `<atom:link href="${escapeXml(ctx.self)}" rel="self" type="application/rss+xml"/>` +
    items.join('') +
    `</channel></rss>`
  );
}
