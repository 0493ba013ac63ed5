import { markdownPreviewSchema } from '../../lib/schemas/markdown';
import { requireUser } from '../../server/auth';
import { endpoint, readJson } from '../../server/endpoint';
import { renderMarkdown } from '../../server/markdown';

/** Renders a jam body exactly as the jam page will (same sanitizer), for the form's Preview tab. */
export const POST = endpoint(async (ctx) => {
  await requireUser(ctx);
  const { markdown } = await readJson(ctx.request, markdownPreviewSchema);
  return { html: renderMarkdown(markdown) };
});
