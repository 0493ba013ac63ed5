/**
 * The head tags that make a shared link look right (Open Graph, Twitter card), tell search
 * engines the canonical address and its other languages, and point to feeds, icons and the
 * manifest. Pure: SeoMeta.astro renders what this returns.
 */
import { LOCALES, type LocaleCode } from '#i18n/locales';
import { localizePath } from '#i18n/paths';
import { FEED_PATHS } from './feeds';
import { absoluteUrl, alternateLinks, regionalTag } from './site-urls';

export const DEFAULT_PREVIEW_IMAGE = '/og-image.png';
/** The nav bar colours of the light and dark colour modes, for the browser's own chrome (HTML's `theme-color` meta). */
export const BROWSER_BAR_COLORS = { light: '#ffffff', dark: '#1a1d22' } as const;

/** Open Graph wants language_TERRITORY. */
const ogLocale = (code: LocaleCode) => regionalTag(code).replace('-', '_');

export interface SeoInput {
  site: string;
  locale: LocaleCode;
  /** The page's path without locale prefix or query, e.g. `/jams/space-sprint-jam`. */
  path: string;
  /** The page's own title (without "| Itinerary"). */
  title: string;
  siteName: string;
  description: string;
  /** Absolute, or a path on this site; the site's preview picture when missing. */
  image?: string | null | undefined;
  imageAlt?: string | undefined;
  type?: 'website' | 'article' | undefined;
  /** For jams: shown by link previews that read event times. */
  startsAt?: Date | string | undefined;
  endsAt?: Date | string | undefined;
  labels: { starts: string; ends: string; rss: string; jsonFeed: string };
}

export interface HeadTag {
  tag: 'meta' | 'link';
  attrs: Record<string, string>;
}

const meta = (key: 'name' | 'property', name: string, content: string): HeadTag => ({
  tag: 'meta',
  attrs: { [key]: name, content },
});
const link = (attrs: Record<string, string>): HeadTag => ({ tag: 'link', attrs });
const iso = (value: Date | string) => new Date(value).toISOString();

export function seoTags(input: SeoInput): HeadTag[] {
  const { site, locale, title, siteName, description, labels } = input;
  const path = input.path.length > 1 ? input.path.replace(/\/+$/, '') : input.path;
  const url = absoluteUrl(site, localizePath(locale, path));
  const image = absoluteUrl(site, input.image || DEFAULT_PREVIEW_IMAGE);
  const imageAlt = input.imageAlt ?? title;
  const tags: HeadTag[] = [
    meta('name', 'description', description),
    link({ rel: 'canonical', href: url }),
    ...alternateLinks(site, path).map(({ hreflang, href }) => link({ rel: 'alternate', hreflang, href })),
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:type', input.type ?? 'website'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:locale', ogLocale(locale)),
    ...LOCALES.filter((other) => other.code !== locale).map((other) =>
      meta('property', 'og:locale:alternate', ogLocale(other.code)),
    ),
    meta('property', 'og:image', image),
    meta('property', 'og:image:alt', imageAlt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', imageAlt),
  ];
  if (input.startsAt && input.endsAt) {
    tags.push(
      meta('property', 'event:start_time', iso(input.startsAt)),
      meta('property', 'event:end_time', iso(input.endsAt)),
      // Slack, Discord and others show these two pairs under the preview.
      meta('name', 'twitter:label1', labels.starts),
      meta('name', 'twitter:data1', iso(input.startsAt)),
      meta('name', 'twitter:label2', labels.ends),
      meta('name', 'twitter:data2', iso(input.endsAt)),
    );
  }
  tags.push(
    link({ rel: 'alternate', type: 'application/rss+xml', title: labels.rss, href: localizePath(locale, FEED_PATHS.rss) }),
    link({
      rel: 'alternate',
      type: 'application/feed+json',
      title: labels.jsonFeed,
      href: localizePath(locale, FEED_PATHS.json),
    }),
    link({ rel: 'manifest', href: '/manifest.webmanifest' }),
    link({ rel: 'apple-touch-icon', href: '/apple-touch-icon.png' }),
    { tag: 'meta', attrs: { name: 'theme-color', content: BROWSER_BAR_COLORS.light, media: '(prefers-color-scheme: light)' } },
    { tag: 'meta', attrs: { name: 'theme-color', content: BROWSER_BAR_COLORS.dark, media: '(prefers-color-scheme: dark)' } },
  );
  return tags;
}
