import { markdownHtmlSchema, markdownPreviewSchema } from '#lib/schemas/markdown';
import { defineEndpoint } from '#server/http/endpoint';
import { renderMarkdown } from '#server/jams/markdown';

/** Renders a jam body exactly as the jam page will (same sanitizer), for the form's Preview tab. */
export const POST = defineEndpoint({
  method: 'POST',
  tag: 'Site',
  summary: 'Render a jam body as the jam page will',
  description:
    'The same markdown renderer and sanitizer as the jam page; for the jam form’s preview. Links as the caller’s would be kept: an administrator’s http, https and mailto links, anyone else’s only to scratch.mit.edu (issue 53).',
  access: 'user',
  body: { schema: markdownPreviewSchema, example: { markdown: '## Theme\n\n**Orbit.**' } },
  answer: {
    status: 200,
    description: 'Safe HTML.',
    schema: markdownHtmlSchema,
    example: { html: '<h2>Theme</h2>\n<p><strong>Orbit.</strong></p>\n' },
  },
  errors: [400, 401, 403],
  handler: ({ user, body }) => ({ html: renderMarkdown(body.markdown, user.isAdmin ? 'any' : 'scratch') }),
});
