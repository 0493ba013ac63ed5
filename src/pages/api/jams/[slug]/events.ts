import { defineEndpoint, jamSlug } from '#server/http/endpoint';
import { requireJam } from '#server/jams/jams';
import { openJamStream } from '#server/live/stream';

export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Jams',
  summary: 'A jam as it happens (server-sent events)',
  description:
    'A `text/event-stream` (ADR 044). It opens with `ready` (its id is where the stream resumes from), then sends ' +
    '`entry-added` (a `LiveEntryAdded`; in a jam that hides its entries only the counts), `entry-withdrawn` ' +
    '(`LiveEntryWithdrawn`), `counts` (`LiveCounts`, after each entry event, with its id), `phase` (`LivePhase`: ' +
    'started, submissions-closed, voting-closed) and `results` (`LiveResults`: the results are public now). Never a ' +
    'vote count, a body or a theme. Send `Last-Event-ID` (or `?lastEventId=`) when reconnecting to get the events ' +
    'missed in the last hour. The Node server keeps a stream open with a comment every 20 s; on Cloudflare Workers ' +
    'a stream ends after about 25 s and the browser reconnects.',
  access: 'public',
  params: jamSlug,
  early: ({ slug }) => requireJam(slug),
  answer: {
    status: 200,
    description: 'The stream.',
    contentType: 'text/event-stream',
    example:
      'retry: 3000\nid: 41\nevent: ready\ndata: {"jam":"moon-jam"}\n\nid: 42\nevent: entry-added\ndata: {"entry":{"id":7,"scratchId":1100000,"title":"Moon Hopper","thumbnailUrl":"https://cdn2.scratch.mit.edu/get_image/project/1100000_480x360.png","authorName":"sprite_smith","submittedAt":"2026-11-28T12:00:00.000Z"},"counts":{"entries":4,"participants":9}}\n\nid: 42\nevent: counts\ndata: {"entries":4,"participants":9}\n\n',
  },
  errors: [404, 503],
  handler: async ({ ctx, early }) => openJamStream(await early, ctx.request),
});
