/** The example answer of GET /api/me/export (issue 41 §3); tests/unit/openapi.test.ts checks it against the schema. */
import type { MyDataDto } from '#lib/schemas/my-data';

const jam = { slug: 'space-sprint-jam', name: 'Space Sprint Jam' };
const ownEntry = { id: 42, title: 'Leaf Catcher' };
const otherEntry = { id: 43, title: 'Comet Dodge' };

export const exampleMyData: MyDataDto = {
  format: 'itinerary-my-data',
  version: 1,
  exportedAt: '2026-03-10T09:00:00.000Z',
  profile: {
    id: 7,
    name: 'pixel_pioneer',
    avatarUrl: 'https://cdn2.scratch.mit.edu/get_image/user/7_90x90.png',
    isAdmin: false,
    isBanned: false,
    joinedAt: '2025-11-02T17:40:00.000Z',
    updatedAt: '2025-11-02T17:40:00.000Z',
    privateFeeds: true,
  },
  entries: [
    {
      ...ownEntry,
      jam,
      scratchId: 1100000001,
      title: 'Leaf Catcher',
      authorName: 'pixel_pioneer',
      instructions: 'Arrow keys to move.',
      notes: 'Music by me.',
      submittedAt: '2026-03-04T15:20:00.000Z',
      isWinner: false,
      review: 'open',
      playCount: 12,
      kudosCount: 3,
      answers: { '1': true },
      late: false,
    },
  ],
  credits: [
    { entry: otherEntry, jam, status: 'accepted', invitedAt: '2026-03-05T10:00:00.000Z', acceptedAt: '2026-03-05T10:05:00.000Z' },
  ],
  notes: [{ id: 5, entry: otherEntry, jam, text: 'Love the comets!', createdAt: '2026-03-06T12:00:00.000Z', hidden: false }],
  kudosGiven: [{ entry: otherEntry, jam, sticker: 'art', createdAt: '2026-03-06T12:01:00.000Z' }],
  votes: [{ entry: otherEntry, jam, createdAt: '2026-03-08T13:00:00.000Z' }],
  ratings: [],
  judging: [],
  judgeFeedback: [],
  plays: [{ entry: otherEntry, jam, playedAt: '2026-03-06T11:58:00.000Z' }],
  reports: [
    {
      id: 3,
      jam,
      entry: otherEntry,
      noteId: null,
      reason: 'not-their-work',
      text: 'This is a copy of another project.',
      status: 'closed',
      createdAt: '2026-03-07T08:00:00.000Z',
      closedAt: '2026-03-07T09:00:00.000Z',
    },
  ],
  notifications: [
    {
      id: 91,
      kind: 'kudos',
      jam,
      entry: ownEntry,
      actor: 'comet_kid',
      data: null,
      createdAt: '2026-03-06T12:30:00.000Z',
      readAt: null,
    },
  ],
  jamRequests: [],
  joinedJams: [{ jam, joinedAt: '2026-03-01T12:05:00.000Z' }],
  managedJams: [],
  lateWindows: [],
  themeSuggestions: [{ jam, text: 'Tiny worlds', first: true, suggestedAt: '2026-02-20T17:00:00.000Z' }],
  themeAnswers: [{ jam, theme: 'Upside down', answer: 'yes', answeredAt: '2026-02-24T16:10:00.000Z' }],
  themePicks: [{ jam, theme: 'Tiny worlds', pickedAt: '2026-02-27T18:00:00.000Z', updatedAt: '2026-02-27T18:05:00.000Z' }],
  jamVersions: [
    {
      jam,
      entry: { id: 31, title: 'Tiny Worlds Platformer' },
      uploadedAt: '2026-03-07T17:40:00.000Z',
      uploadedByYou: true,
      size: 48213,
      sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      fileUrl: `/api/jams/${jam.slug}/entries/31/jam-version/file`,
    },
  ],
  heldTexts: [{ jam, kind: 'theme', text: 'My secret base', heldAt: '2026-02-21T09:30:00.000Z' }],
};
