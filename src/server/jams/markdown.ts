/**
 * Markdown for user content (jam bodies): `marked` parses, `sanitize-html` keeps an allow-list.
 * URL rules (spec §5): http, https and mailto links are kept; javascript, vbscript, file and
 * data URLs are removed, except data images of type gif, png, jpeg and webp.
 */
import { Marked } from 'marked';
import { LRUCache } from 'lru-cache';
import sanitizeHtml from 'sanitize-html';

const SAFE_DATA_IMAGE = /^data:image\/(gif|png|jpeg|webp);base64,[a-z0-9+/=\s]+$/i;

const marked = new Marked({ gfm: true, breaks: false, async: false });

const allowedTags = [
  ...sanitizeHtml.defaults.allowedTags.filter((tag) => tag !== 'iframe'),
  'img',
  'del',
  'ins',
  'sup',
  'sub',
  'details',
  'summary',
];

const options: sanitizeHtml.IOptions = {
  allowedTags,
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['align'],
    td: ['align'],
    ol: ['start'],
    code: ['class'],
    '*': ['id'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'nofollow ugc noopener noreferrer' },
    }),
    img: (tagName, attribs) => {
      const src = attribs.src ?? '';
      const unsafeData = src.trim().toLowerCase().startsWith('data:') && !SAFE_DATA_IMAGE.test(src.trim());
      const { src: _src, ...rest } = attribs;
      return { tagName, attribs: { ...(unsafeData ? rest : attribs), loading: 'lazy' } };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown ?? '') as string;
  return sanitizeHtml(html, options);
}

/** Rendered jam bodies by their text: a jam page's miss should not parse and sanitize 20,000 characters again. */
const renderedBodies = new LRUCache<string, string>({
  maxSize: 16 * 1024 * 1024,
  sizeCalculation: (html, markdown) => html.length + markdown.length + 1,
});

/** `renderMarkdown` for a jam's body, remembered by its text (so an edit renders anew). */
export function renderJamBody(markdown: string): string {
  let html = renderedBodies.get(markdown);
  if (html === undefined) {
    html = renderMarkdown(markdown);
    renderedBodies.set(markdown, html);
  }
  return html;
}
