import { myReportSchema, reportInputSchema } from '#lib/schemas/reports';
import { defineEndpoint, jamSlug, reply } from '#server/http/endpoint';
import { reportJam } from '#server/moderation/reports';
import { exampleMyReport, exampleReportInput } from '#server/openapi/examples';
import { requireJam } from '#server/jams/jams';
import { textFilterDoc } from '#server/feedback/guard/guard-texts';
import { rateLimitOf } from '#server/http/rate-limits';

export const POST = defineEndpoint({
  method: 'POST',
  tag: 'Moderation',
  summary: 'Report a jam',
  description:
    'Tells the administrators that something about the jam breaks the community guidelines. One open report per person per jam: reporting again answers the report you already filed (200).' +
    textFilterDoc('The details (`text`)'),
  access: 'user',
  rateLimit: rateLimitOf('reports'),
  params: jamSlug,
  early: ({ slug }) => requireJam(slug),
  body: { schema: reportInputSchema, example: exampleReportInput },
  answer: {
    status: 201,
    description: 'Your report.',
    schema: myReportSchema,
    example: exampleMyReport,
    also: [{ status: 200, description: 'Your open report, when you had already reported this jam.' }],
  },
  errors: [400, 401, 403, 404, 429],
  handler: async ({ user, body, early }) => {
    const report = await reportJam(user, await early, body);
    return reply(report, { status: report.created ? 201 : 200 });
  },
});
