/** Example answers of the profile endpoint (issue 35 §2); tests/unit/openapi.test.ts checks them against the schema. */
import type { ProfileDto } from '#lib/schemas/profiles';

const exampleProfileJam = {
  slug: 'space-sprint-jam',
  name: 'Space Sprint Jam',
  imageUrl: null,
  startsAt: '2026-03-01T12:00:00.000Z',
  endsAt: '2026-03-08T12:00:00.000Z',
  votingEndsAt: null,
};

export const exampleProfile: ProfileDto = {
  name: 'pixel_pioneer',
  avatarUrl: '/api/user/pixel_pioneer/picture',
  scratchUrl: 'https://scratch.mit.edu/users/pixel_pioneer/',
  joinedAt: '2025-11-02T17:40:00.000Z',
  totals: { entries: 1, wins: 1, kudos: 6, managed: 1 },
  entries: {
    items: [
      {
        jam: exampleProfileJam,
        id: 41,
        scratchId: 900000101,
        title: 'Orbit Hopper',
        thumbnailUrl: 'https://cdn2.scratch.mit.edu/get_image/project/900000101_480x360.png',
        authorName: 'pixel_pioneer',
        role: 'submitter',
        resultsPublic: true,
        rank: 1,
        rankOf: 412,
        criteria: null,
        winner: true,
        communityChoice: false,
        disqualified: false,
        kudos: 6,
      },
    ],
    page: 1,
    perPage: 20,
    total: 1,
    totalPages: 1,
  },
  managed: [exampleProfileJam],
};
