import { myReportSchema, reportInputSchema } from '#lib/schemas/reports';
import { defineEndpoint, jamSlugAndEntryId, reply } from '#server/http/endpoint';
import { reportEntry } from '#server/moderation/reports';
import { exampleMyReport, exampleReportInput } from '#server/openapi/examples';
import { requireJam } from '#server/jams/jams';
import { textFilterDoc } from '#server/feedback/guard/guard-texts';
import { rateLimitOf } from '#server/http/rate-limits';

export const POST = defineEndpoint({
  method: 'POST',
  tag: 'Moderation',
  summary: 'Report an entry',
  description:
    'Tells the administrators and the jam’s managers that the project breaks the community guidelines. One open report per person per entry: reporting again answers the report you already filed (200). The author never learns who reported. In a jam with hidden entries, an entry is a 404 to all but its team and the jam’s managers until submissions close.' +
    textFilterDoc('The details (`text`)'),
  access: 'user',
  rateLimit: rateLimitOf('reports'),
  params: jamSlugAndEntryId,
  body: { schema: reportInputSchema, example: exampleReportInput },
  early: ({ slug }) => requireJam(slug),
  answer: {
    status: 201,
    description: 'Your report.',
    schema: myReportSchema,
    example: exampleMyReport,
    also: [{ status: 200, description: 'Your open report, when you had already reported this entry.' }],
  },
  errors: [400, 401, 403, 404, 429],
  handler: async ({ user, params, body, early }) => {
    const report = await reportEntry(user, await early, params.id, body);
    return reply(report, { status: report.created ? 201 : 200 });
  },
});
