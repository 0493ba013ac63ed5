import { listContributors } from '#server/publish/contributors';
import { defineEndpoint } from '#server/http/endpoint';
import { contributorListSchema } from '#lib/schemas/contributors';

export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Site',
  summary: 'The people who built Itinerary',
  description: 'From the code host, cached for an hour.',
  access: 'public',
  answer: {
    status: 200,
    description: 'The contributors.',
    schema: contributorListSchema,
    example: {
      contributors: [
        {
          name: 'pixel_pioneer',
          avatarUrl: 'https://avatars.example/pixel_pioneer.png',
          profileUrl: 'https://github.com/pixel_pioneer',
          contributions: 42,
        },
      ],
    },
  },
  cache: 'public, max-age=300',
  errors: [502],
  handler: async () => ({ contributors: await listContributors() }),
});
