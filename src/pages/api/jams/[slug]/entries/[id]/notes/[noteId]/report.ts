import { myReportSchema, reportInputSchema } from '#lib/schemas/reports';
import { defineEndpoint, jamSlugEntryIdAndNoteId, reply } from '#server/http/endpoint';
import { reportNote } from '#server/moderation/reports';
import { exampleMyReport, exampleReportInput } from '#server/openapi/examples';
import { requireJam } from '#server/jams/jams';
import { textFilterDoc } from '#server/feedback/guard/guard-texts';
import { rateLimitOf } from '#server/http/rate-limits';

export const POST = defineEndpoint({
  method: 'POST',
  tag: 'Moderation',
  summary: 'Report a note',
  description:
    'Tells the administrators and the jam’s managers that a note on an entry breaks the community guidelines. One open report per person per note: reporting again answers the report you already filed (200). The writer never learns who reported.' +
    textFilterDoc('The details (`text`)'),
  access: 'user',
  rateLimit: rateLimitOf('reports'),
  params: jamSlugEntryIdAndNoteId,
  body: { schema: reportInputSchema, example: exampleReportInput },
  early: ({ slug }) => requireJam(slug),
  answer: {
    status: 201,
    description: 'Your report.',
    schema: myReportSchema,
    example: exampleMyReport,
    also: [{ status: 200, description: 'Your open report, when you had already reported this note.' }],
  },
  errors: [400, 401, 403, 404, 429],
  handler: async ({ user, params, body, early }) => {
    const report = await reportNote(user, await early, params.id, params.noteId, body);
    return reply(report, { status: report.created ? 201 : 200 });
  },
});
