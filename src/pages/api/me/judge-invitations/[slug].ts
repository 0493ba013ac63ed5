import { judgeInvitationListSchema } from '#lib/schemas/judges';
import { defineEndpoint, jamSlug } from '#server/http/endpoint';
import { requireJam } from '#server/jams/jams';
import { acceptJudgeInvitation, declineJudgeInvitation } from '#server/judging/judge-invitations';
import { exampleJudgeInvitations } from '#server/openapi/examples';

export const PUT = defineEndpoint({
  method: 'PUT',
  tag: 'Judges',
  summary: 'Accept an invitation to judge',
  description:
    'You judge the jam from now on: your votes or ratings count in the judges’ ranking. Refused (409) once voting has ended. Accepting twice is harmless.',
  access: 'user',
  params: jamSlug,
  early: ({ slug }) => requireJam(slug),
  answer: {
    status: 200,
    description: 'Your invitations still pending.',
    schema: judgeInvitationListSchema,
    example: exampleJudgeInvitations,
  },
  errors: [401, 403, 404, 409],
  handler: async ({ user, early }) => acceptJudgeInvitation(user, await early),
});

export const DELETE = defineEndpoint({
  method: 'DELETE',
  tag: 'Judges',
  summary: 'Decline an invitation to judge',
  description:
    'The manager who invited you is told. A judge who accepted steps down with DELETE /api/jams/{slug}/judges/{name} instead (409 here).',
  access: 'user',
  params: jamSlug,
  early: ({ slug }) => requireJam(slug),
  answer: {
    status: 200,
    description: 'Your invitations still pending.',
    schema: judgeInvitationListSchema,
    example: { invitations: [] },
  },
  errors: [401, 403, 404, 409],
  handler: async ({ user, early }) => declineJudgeInvitation(user, await early),
});
