/** RSS and JSON Feed of jams: new ones and ones that have not ended. Never a jam's body (mystery mode). */
import { revealedTheme } from '#lib/themes';
import type { RSSOptions } from '@astrojs/rss';
import { desc, gt, or } from 'drizzle-orm';
import { type Jam, jams } from '#db/schema';
import { type LocaleCode, localeByCode } from '#i18n/locales';
import { localizePath } from '#i18n/paths';
import type { Translate } from '#i18n/translate';
import { type JamStatus, jamPhase, jamStatus } from '#lib/jam-timing';
import { db } from '#server/platform/db';
import { absoluteUrl, jamCalendarPath, jamEventUid, jamPath, regionalTag } from './site-urls';

export const FEED_SIZE = 50;
/** A jam created this recently is "new" even when it is already over. */
export const FEED_NEW_FOR_MS = 30 * 24 * 60 * 60 * 1000;
export const FEED_PATHS = { rss: '/rss.xml', json: '/feed.json' } as const;

/** Jams that have not ended, and jams created in the last 30 days; newest first. */
export async function feedJams(now = new Date()): Promise<Jam[]> {
  return db()
    .select()
    .from(jams)
    .where(or(gt(jams.endsAt, now), gt(jams.createdAt, new Date(now.getTime() - FEED_NEW_FOR_MS))))
    .orderBy(desc(jams.createdAt), desc(jams.id))
    .limit(FEED_SIZE);
}

export interface FeedContext {
  site: string;
  locale: LocaleCode;
  t: Translate;
  now?: number;
}

/** One formatter per language: making one costs more than formatting a few hundred dates with it. */
const utcFormats = new Map<LocaleCode, Intl.DateTimeFormat>();

/** "Monday 6 January 2025 at 18:00 UTC", in the feed's language. */
export function formatUtc(date: Date, locale: LocaleCode): string {
  let format = utcFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(regionalTag(locale), { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' });
    utcFormats.set(locale, format);
  }
  return `${format.format(date)} UTC`;
}

function describeJam(jam: Jam, { locale, t, now }: FeedContext) {
  const start = formatUtc(jam.startsAt, locale);
  const end = formatUtc(jam.endsAt, locale);
  const when = jam.votingEndsAt
    ? t('feed.whenVoting', { start, end, voting: formatUtc(jam.votingEndsAt, locale) })
    : t('feed.when', { start, end });
  // The community's theme from the start (ADR 043), never before: the feeds' caches end at the start too.
  const theme = revealedTheme(jam, now);
  return {
    text: `${jam.description}\n\n${theme ? `${t('jamTheme.label')}: ${theme}\n\n` : ''}${when}`,
    status: t(`explore.status.${jamPhase(jam, now)}`),
  };
}

const feedUrl = (ctx: FeedContext, path: string) => absoluteUrl(ctx.site, localizePath(ctx.locale, path));

export function rssOptions(items: Jam[], ctx: FeedContext): RSSOptions {
  return {
    title: ctx.t('feed.title'),
    description: ctx.t('feed.description'),
    site: feedUrl(ctx, '/'),
    xmlns: { atom: 'http://www.w3.org/2005/Atom' },
    customData:
      `<language>${localeByCode(ctx.locale).lang}</language>` +
      `<atom:link href="${feedUrl(ctx, FEED_PATHS.rss)}" rel="self" type="application/rss+xml"/>`,
    items: items.map((jam) => {
      const { text, status } = describeJam(jam, ctx);
      return {
        title: jam.name,
        link: absoluteUrl(ctx.site, jamPath(jam.slug, ctx.locale)),
        pubDate: jam.createdAt,
        description: text,
        categories: [status],
        // The link changes when a jam is renamed; the guid must not.
        customData: `<guid isPermaLink="false">${jamEventUid(ctx.site, jam.id)}</guid>`,
      };
    }),
  };
}

/** JSON Feed 1.1 (https://www.jsonfeed.org/version/1.1/). */
export interface JsonFeed {
  version: 'https://jsonfeed.org/version/1.1';
  title: string;
  description: string;
  home_page_url: string;
  feed_url: string;
  language: string;
  icon: string;
  favicon: string;
  items: JsonFeedItem[];
}

export interface JsonFeedItem {
  id: string;
  url: string;
  title: string;
  content_text: string;
  summary: string;
  image?: string;
  date_published: string;
  date_modified: string;
  tags: string[];
  /** Extension (JSON Feed allows keys starting with an underscore). */
  _itinerary: { starts_at: string; ends_at: string; status: JamStatus; calendar_url: string };
}

export function jsonFeed(items: Jam[], ctx: FeedContext): JsonFeed {
  return {
    version: 'https://jsonfeed.org/version/1.1',
    title: ctx.t('feed.title'),
    description: ctx.t('feed.description'),
    home_page_url: feedUrl(ctx, '/'),
    feed_url: feedUrl(ctx, FEED_PATHS.json),
    language: localeByCode(ctx.locale).lang,
    icon: absoluteUrl(ctx.site, '/icon-512.png'),
    favicon: absoluteUrl(ctx.site, '/favicon.svg'),
    items: items.map((jam) => {
      const { text, status } = describeJam(jam, ctx);
      return {
        id: jamEventUid(ctx.site, jam.id),
        url: absoluteUrl(ctx.site, jamPath(jam.slug, ctx.locale)),
        title: jam.name,
        content_text: text,
        summary: jam.description,
        ...(jam.imageUrl ? { image: jam.imageUrl } : {}),
        date_published: jam.createdAt.toISOString(),
        date_modified: jam.updatedAt.toISOString(),
        tags: [status],
        _itinerary: {
          starts_at: jam.startsAt.toISOString(),
          ends_at: jam.endsAt.toISOString(),
          voting_ends_at: jam.votingEndsAt?.toISOString() ?? null,
          status: jamStatus(jam, ctx.now),
          phase: jamPhase(jam, ctx.now),
          calendar_url: absoluteUrl(ctx.site, jamCalendarPath(jam.slug, ctx.locale)),
        },
      };
    }),
  };
}
