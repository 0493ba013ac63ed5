import { judgeInvitationListSchema } from '#lib/schemas/judges';
import { defineEndpoint } from '#server/http/endpoint';
import { myJudgeInvitations } from '#server/judging/judge-invitations';
import { exampleJudgeInvitations } from '#server/openapi/examples';

export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Judges',
  summary: 'Your invitations to judge',
  description: 'Pending invitations to judge a jam, newest first, in jams whose voting has not ended.',
  access: 'user',
  answer: {
    status: 200,
    description: 'Your pending invitations.',
    schema: judgeInvitationListSchema,
    example: exampleJudgeInvitations,
  },
  cache: 'private, no-store',
  errors: [401, 403],
  handler: ({ user }) => myJudgeInvitations(user),
});
