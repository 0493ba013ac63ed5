/**
 * Markdown for user content (jam bodies): `marked` parses, `xss` (js-xss, plain JavaScript that runs
 * on every host) keeps an allow-list of tags and attributes. URL rules (spec §5): http, https and
 * mailto links are kept; javascript, vbscript, file and data URLs are removed, except data images of
 * type gif, png, jpeg and webp.
 */
import { Marked } from 'marked';
import { LRUCache } from 'lru-cache';
import xss from 'xss';
import { config } from '#server/platform/config';

// A CommonJS module: its default export is the whole module (named imports fail under Node's ESM loader).
const { FilterXSS, safeAttrValue } = xss as unknown as typeof import('xss');

const SAFE_DATA_IMAGE = /^data:image\/(gif|png|jpeg|webp);base64,[a-z0-9+/=\s]+$/i;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const LINK_SCHEMES = new Set(['http', 'https', 'mailto']);
const IMAGE_SCHEMES = new Set(['http', 'https']);

const marked = new Marked({ gfm: true, breaks: false, async: false });

const TEXT_TAGS = [
  'address',
  'article',
  'aside',
  'footer',
  'header',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hgroup',
  'main',
  'nav',
  'section',
  'blockquote',
  'dd',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'hr',
  'li',
  'ol',
  'p',
  'pre',
  'ul',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'br',
  'cite',
  'code',
  'data',
  'dfn',
  'em',
  'i',
  'kbd',
  'mark',
  'q',
  'rb',
  'rp',
  'rt',
  'rtc',
  'ruby',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
  'wbr',
  'caption',
  'col',
  'colgroup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'del',
  'ins',
  'details',
  'summary',
];
const ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  th: ['align'],
  td: ['align'],
  ol: ['start'],
  code: ['class'],
};

/** Any tag may carry an id (headings' anchors); the rest per tag. */
const whiteList = Object.fromEntries([...TEXT_TAGS, 'a', 'img'].map((tag) => [tag, ['id', ...(ATTRIBUTES[tag] ?? [])]]));

/**
 * Whose links: `any` (an administrator wrote it: spec §5's http, https and mailto) or `scratch`
 * (anyone else, issue 53 §5: only https?://scratch.mit.edu, the hosts the administrators allow
 * in ITINERARY_LINK_HOSTS and this site's own paths; a link anywhere else, a bare e-mail address,
 * mailto:, wa.me or a Discord invite renders as plain text).
 */
export type MarkdownLinks = 'any' | 'scratch';

const SCRATCH_HREF = /^https?:\/\/(?:www\.)?scratch\.mit\.edu(?:[/?#]|$)/i;

/** An http(s) address on a host the administrators allow (ITINERARY_LINK_HOSTS, subdomains included). */
function onAllowedHost(url: string): boolean {
  const hosts = config().ITINERARY_LINK_HOSTS;
  if (hosts.length === 0 || !/^https?:\/\//i.test(url) || !URL.canParse(url)) return false;
  const { hostname, username, password } = new URL(url);
  // No "user@host" addresses: "https://scratch.mit.edu@evil.example" is evil.example, and a name in it reads as a handle.
  if (username || password) return false;
  return hosts.some((host) => hostname === host || hostname.endsWith(`.${host}`));
}

/** A Scratch address that carries another in its path or query ("…/redirect?url=http://evil.com", "?to=%2F%2Fevil.com"). */
const CARRIES_ADDRESS =
  /^https?:\/\/[^/?#]*[/?#].*?(?:[a-z][a-z0-9+.-]*:|=)\s*(?:\/|%2f|\\|%5c){2}|^https?:\/\/[^/?#]*[/?#].*?(?:www\.|%3a%2f)/i;

/** A stand-in for this site's own address: a relative address is kept only when it resolves to it. */
const OWN_SITE = 'https://itinerary.invalid/';
const onOwnSite = (host: string) => host === 'itinerary.invalid';
const onScratch = (host: string) => host === 'scratch.mit.edu' || host === 'www.scratch.mit.edu';
/** Scratch's pictures come from its other hosts too (cdn2, uploads, assets). */
const onScratchHosts = (host: string) => host === 'scratch.mit.edu' || host.endsWith('.scratch.mit.edu');

/**
 * Whether a browser takes the address to a host `on` accepts, read by the same WHATWG rules (tabs and
 * newlines out, a backslash read as a slash): "/\\evil.com" and "/<tab>/evil.com" are "//evil.com", off
 * the site (the thirty-sixth set). Only http(s), no "user@host".
 */
function resolvesTo(value: string, on: (host: string) => boolean): boolean {
  if (!URL.canParse(value, OWN_SITE)) return false;
  const { hostname, username, password, protocol } = new URL(value, OWN_SITE);
  return !username && !password && /^https?:$/.test(protocol) && on(hostname);
}

/** A URL we keep: no protocol-relative address, only the schemes the tag may use (none: relative). */
function allowedUrl(tag: string, url: string, links: MarkdownLinks): boolean {
  const value = url.trim();
  if (value.startsWith('//') || value.startsWith('\\')) return false;
  if (tag === 'img' && SAFE_DATA_IMAGE.test(value)) return true;
  const scheme = SCHEME.exec(value)?.[1]?.toLowerCase();
  if (links === 'any') return scheme === undefined || (tag === 'img' ? IMAGE_SCHEMES : LINK_SCHEMES).has(scheme);
  // Anyone else's (issue 53 §5): where a browser goes, or loads a picture from, must be this site, Scratch or an allowed host.
  if (scheme === undefined) return (tag === 'img' || /^[/#?]/.test(value)) && resolvesTo(value, onOwnSite);
  if (tag === 'img') return IMAGE_SCHEMES.has(scheme) && (resolvesTo(value, onScratchHosts) || onAllowedHost(value));
  return (SCRATCH_HREF.test(value) && resolvesTo(value, onScratch) && !CARRIES_ADDRESS.test(value)) || onAllowedHost(value);
}

const filterFor = (links: MarkdownLinks) =>
  new FilterXSS({
    whiteList,
    stripIgnoreTag: true,
    stripIgnoreTagBody: ['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'textarea', 'select'],
    allowCommentTag: false,
    css: false,
    safeAttrValue(tag, name, value, cssFilter) {
      if (name === 'href' || name === 'src') {
        // js-xss's own check decodes entities and refuses script URLs; ours keeps only spec §5's schemes.
        const checked = SAFE_DATA_IMAGE.test(value.trim()) ? value.trim() : safeAttrValue(tag, name, value, cssFilter);
        return checked && allowedUrl(tag, checked, links) ? checked : '';
      }
      return safeAttrValue(tag, name, value, cssFilter);
    },
  });
const filters: Record<MarkdownLinks, InstanceType<typeof FilterXSS>> = { any: filterFor('any'), scratch: filterFor('scratch') };

/**
 * On the filtered HTML (only allowed attributes, quoted; a refused address left empty): links pass nothing of our standing along,
 * pictures whose address was refused are dropped whole and the others load when they come into view.
 */
function finish(html: string): string {
  return html
    .replace(/\s(?:href|src)(?=[\s>])/gi, '')
    .replace(/<a\b/gi, '<a rel="nofollow ugc noopener noreferrer"')
    .replace(/<img\b[^>]*>/gi, (tag) => (/\ssrc="[^"]+"/i.test(tag) ? tag.replace(/^<img\b/i, '<img loading="lazy"') : ''));
}

export function renderMarkdown(markdown: string, links: MarkdownLinks = 'any'): string {
  const html = marked.parse(markdown ?? '') as string;
  return finish(filters[links].process(html));
}

/** Rendered jam bodies by their text: a jam page's miss should not parse and sanitize 20,000 characters again. */
const renderedBodies = new LRUCache<string, string>({
  maxSize: 16 * 1024 * 1024,
  sizeCalculation: (html, markdown) => html.length + markdown.length + 1,
});

/** `renderMarkdown` for a jam's body, remembered by its text and whose links (so an edit renders anew). */
export function renderJamBody(markdown: string, links: MarkdownLinks = 'scratch'): string {
  const key = `${links}\n${markdown}`;
  let html = renderedBodies.get(key);
  if (html === undefined) {
    html = renderMarkdown(markdown, links);
    renderedBodies.set(key, html);
  }
  return html;
}

/** Whose links a jam's body keeps: an administrator's go anywhere (spec §5), anyone else's only to Scratch. */
export const bodyLinks = (jam: { bodyByAdmin: boolean }): MarkdownLinks => (jam.bodyByAdmin ? 'any' : 'scratch');

/** A body's change records who wrote it (an administrator or not), which decides its links; no body in the change, no record. */
export const bodyWriter = (input: { body?: unknown }, administers: boolean) =>
  input.body === undefined ? {} : { bodyByAdmin: administers };
