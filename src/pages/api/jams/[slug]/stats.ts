import { z } from 'zod';
import { named } from '#lib/schemas/common';
import { defineEndpoint, jamSlug } from '#server/http/endpoint';
import { jamStats } from '#server/judging/jam-stats';
import { requireJam } from '#server/jams/jams';

export const jamStatsSchema = named(
  'JamStats',
  z.object({
    entryCount: z.int(),
    voteCount: z.int().nullable().meta({ description: 'Upvotes in the whole jam; public once the jam has ended, null before.' }),
    resultsPublic: z.boolean(),
  }),
);

export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Jams',
  summary: 'How many entries and votes a jam has',
  description: 'The vote count stays private (null) while the jam runs, like the entries’ own counts.',
  access: 'public',
  params: jamSlug,
  early: ({ slug }) => requireJam(slug),
  answer: {
    status: 200,
    description: 'The counts.',
    schema: jamStatsSchema,
    example: { entryCount: 3, voteCount: null, resultsPublic: false },
  },
  errors: [404],
  handler: async ({ early }) => jamStats(await early),
});
