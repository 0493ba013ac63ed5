import type { TeamDto, InvitationListDto } from '#lib/schemas/teams';
import type { JudgeFeedbackListDto, JudgeInvitationListDto, JudgeListDto } from '#lib/schemas/judges';
/** Example requests and answers for the API description; unit tests check them against the schemas. */
import type { FilterWordsDto, NoteDto, NoteListDto } from '#lib/schemas/notes';
import type { InboxListDto } from '#lib/schemas/inbox';
import type { EntryDetailDto, EntryDto, EntryListDto, MyVotesDto, NextEntryDto, WinnersDto } from '#lib/schemas/entries';
import type { JamCreateInput, JamDto, JamListDto, ManagerDto } from '#lib/schemas/jams';
import type { JamViewerDto } from '#lib/schemas/viewer';
import type { EntryCheckDto, ReviewEntryDto, ReviewListDto } from '#lib/schemas/review';
import type { ActivityListDto } from '#lib/schemas/activity';
import type { AdminUserDto, DashboardDto, MeDto } from '#lib/schemas/users';
import type { MyReportDto, ReportInput, ReportQueueDto } from '#lib/schemas/reports';
import type { JamRequestCreateInput, JamRequestDto } from '#lib/schemas/jam-requests';
import type { KudosDto } from '#lib/schemas/kudos';
import type { EntryAnswersDto, LateGrantDto } from '#lib/schemas/questions';

export const exampleJam: JamDto = {
  id: 7,
  slug: 'space-sprint-jam',
  name: 'Space Sprint Jam',
  description: 'Make a fast-paced space game in one week.',
  body: '## Theme\n\n**Orbit.** Anything that goes round and round.',
  bodyHidden: false,
  imageUrl: 'https://example.org/space-sprint.png',
  accentColor: '#00838f',
  bannerUrl: null,
  startsAt: '2025-03-01T18:00:00.000Z',
  endsAt: '2025-03-08T18:00:00.000Z',
  status: 'ongoing',
  votingEndsAt: '2025-03-15T18:00:00.000Z',
  phase: 'ongoing',
  resultsPublic: false,
  whoCanVote: 'participants',
  refuseOldProjects: true,
  playBeforeVote: false,
  jamVersion: 'off',
  judgeJamVersion: false,
  feedback: 'notes',
  judging: 'upvotes',
  criteria: [
    { id: 1, name: 'Overall' },
    { id: 2, name: 'Fun' },
    { id: 3, name: 'Art' },
    { id: 4, name: 'Sound' },
    { id: 5, name: 'Theme' },
  ],
  minRatings: 3,
  questions: [
    { id: 1, kind: 'yesno', prompt: 'I made all the art myself', choices: [], required: true, private: false },
    { id: 2, kind: 'text', prompt: 'Anything the judges should know?', choices: [], required: false, private: true },
  ],
  results: 'automatic',
  resultsPublishedAt: null,
  hiddenEntries: false,
  whoJudges: 'community' as const,
  themeRounds: false,
  theme: null,
  featured: true,
  mystery: false,
  entryCount: 3,
  participantCount: 12,
  createdAt: '2025-02-10T09:30:00.000Z',
  updatedAt: '2025-02-12T16:05:00.000Z',
};

const { body: _body, bodyHidden: _bodyHidden, ...exampleJamCard } = exampleJam;

export const exampleJamList: JamListDto = { jams: [exampleJamCard], page: 1, perPage: 10, total: 1, totalPages: 1 };

export const exampleJamCreate: JamCreateInput = {
  name: 'Space Sprint Jam',
  description: 'Make a fast-paced space game in one week.',
  body: '## Theme\n\n**Orbit.** Anything that goes round and round.',
  imageUrl: 'https://example.org/space-sprint.png',
  startsAt: '2025-03-01T18:00:00Z',
  endsAt: '2025-03-08T18:00:00Z',
  mystery: false,
};

export const exampleJamRequestCreate: JamRequestCreateInput = {
  name: 'Puzzle Planet Jam',
  description: 'A week of brain-teasers: make a puzzle game set on a tiny planet.',
  body: '## Theme\n\n**Tiny worlds.**\n\n## Rules\n\nOne project per Scratcher, made during the jam.',
  imageUrl: '',
  startsAt: '2025-04-05T18:00:00Z',
  endsAt: '2025-04-12T18:00:00Z',
  mystery: false,
  note: 'I ran two puzzle jams in my studio (120 entries); I would like to host this one here.',
};

export const exampleJamRequest: JamRequestDto = {
  id: 4,
  status: 'pending',
  name: 'Puzzle Planet Jam',
  description: 'A week of brain-teasers: make a puzzle game set on a tiny planet.',
  body: '## Theme\n\n**Tiny worlds.**\n\n## Rules\n\nOne project per Scratcher, made during the jam.',
  imageUrl: null,
  startsAt: '2025-04-05T18:00:00.000Z',
  endsAt: '2025-04-12T18:00:00.000Z',
  mystery: false,
  note: 'I ran two puzzle jams in my studio (120 entries); I would like to host this one here.',
  declineReason: null,
  requester: { id: 15, name: 'block_builder' },
  jam: null,
  reviewedBy: null,
  reviewedAt: null,
  createdAt: '2025-03-20T10:15:00.000Z',
  updatedAt: '2025-03-20T10:15:00.000Z',
};

export const exampleApprovedJamRequest: JamRequestDto = {
  ...exampleJamRequest,
  status: 'approved',
  jam: { slug: 'puzzle-planet-jam', name: 'Puzzle Planet Jam' },
  reviewedBy: { id: 1, name: 'demo_admin' },
  reviewedAt: '2025-03-21T09:00:00.000Z',
  updatedAt: '2025-03-21T09:00:00.000Z',
};

export const exampleDeclinedJamRequest: JamRequestDto = {
  ...exampleJamRequest,
  status: 'declined',
  declineReason: 'The dates clash with the Winter Mystery Jam; please pick a week in May.',
  reviewedBy: { id: 1, name: 'demo_admin' },
  reviewedAt: '2025-03-21T09:00:00.000Z',
  updatedAt: '2025-03-21T09:00:00.000Z',
};

export const exampleManager: ManagerDto = { id: 12, name: 'pixel_pioneer', addedAt: '2025-02-10T09:31:00.000Z' };

export const exampleEntry: EntryDto = {
  id: 31,
  scratchId: 900000101,
  title: 'Orbit Runner',
  thumbnailUrl: 'https://cdn2.scratch.mit.edu/get_image/project/900000101_480x360.png',
  authorName: 'sprite_smith',
  coCreators: [{ name: 'pixel_pioneer', avatar: '/api/user/pixel_pioneer/picture' }],
  submittedAt: '2025-03-02T11:00:00.000Z',
  isWinner: false,
  votes: null,
  rank: null,
  flags: [{ kind: 'remix', at: null, parentId: 900000042, parentTitle: 'Orbit Engine' }],
  disqualified: false,
  plays: null,
  kudos: 4,
  criteria: null,
};

export const exampleEntryDetail: EntryDetailDto = {
  ...exampleEntry,
  instructions: 'Arrow keys to move, space to jump.',
  notes: 'Music by https://example.com/music',
  answers: [{ questionId: 1, prompt: 'I made all the art myself', kind: 'yesno', answer: true, private: false }],
};

export const exampleEntryList: EntryListDto = {
  entries: [exampleEntry],
  page: 1,
  perPage: 24,
  total: 1,
  totalPages: 1,
  resultsPublic: false,
  sort: 'submitted',
  seed: null,
  q: null,
};

export const exampleNextEntry: NextEntryDto = {
  entry: {
    id: exampleEntry.id,
    scratchId: exampleEntry.scratchId,
    title: exampleEntry.title,
    authorName: exampleEntry.authorName,
    thumbnailUrl: exampleEntry.thumbnailUrl,
  },
  pick: 'fewest-plays',
  reason: null,
};

export const exampleMyVotes: MyVotesDto = {
  limit: 3,
  used: 1,
  remaining: 2,
  entryIds: [31],
  whoCanVote: 'participants',
  eligible: true,
  playBeforeVote: true,
  playedEntryIds: [31, 32],
  judging: 'upvotes',
  whoJudges: 'community',
  judge: false,
  ratings: [],
};

export const exampleMyRatings: MyVotesDto = {
  ...exampleMyVotes,
  judging: 'ratings',
  used: 0,
  remaining: 3,
  entryIds: [],
  ratings: [
    { entryId: 31, criterionId: 1, stars: 4 },
    { entryId: 31, criterionId: 2, stars: 5 },
  ],
};

const rankedEntry: EntryDto = { ...exampleEntry, isWinner: true, votes: 5, rank: 1 };
export const exampleWinners: WinnersDto = { winner: rankedEntry, communityChoice: rankedEntry, judgesChoice: null };

export const exampleViewer: JamViewerDto = {
  user: {
    id: 12,
    name: 'pixel_pioneer',
    isAdmin: false,
    isBanned: false,
    updatedAt: '2025-02-01T08:00:00.000Z',
    updatedBy: null,
  },
  role: 'manager',
  isManager: true,
  joined: false,
  allowed: [
    'jam:read-mystery',
    'jam:edit',
    'jam:manage-managers',
    'jam:select-winner',
    'jam:remove-entry',
    'jam:refresh-entry',
    'jam:download-entries',
    'jam:read-activity',
    'jam:moderate-entries',
    'jam:review-entries',
    'jam:hide-notes',
    'jam:publish-results',
    'jam:read-hidden-entries',
  ],
  entry: null,
  hiddenBody: null,
  hiddenBodyHtml: null,
  votes: exampleMyVotes,
  unread: 2,
  lateUntil: null,
  viewedEntry: null,
  theme: null,
};

export const exampleMe: MeDto = {
  id: 12,
  name: 'pixel_pioneer',
  isAdmin: false,
  isBanned: false,
  updatedAt: '2025-02-01T08:00:00.000Z',
  updatedBy: null,
};

export const exampleRss = `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>Itinerary: game jams</title>…<item><title>Space Sprint Jam</title><link>https://itinerary.example/jams/space-sprint-jam</link><guid isPermaLink="false">jam-7@itinerary.example</guid>…</item></channel></rss>`;

export const exampleIcs = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Itinerary//Itinerary//EN',
  'METHOD:PUBLISH',
  'NAME:Itinerary game jams',
  'BEGIN:VEVENT',
  'UID:jam-7@itinerary.example',
  'DTSTAMP:20250212T160500Z',
  'DTSTART:20250301T180000Z',
  'DTEND:20250308T180000Z',
  'SUMMARY:Space Sprint Jam',
  'URL:https://itinerary.example/jams/space-sprint-jam',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n');

export const exampleAdminUser: AdminUserDto = {
  id: 12,
  name: 'pixel_pioneer',
  isAdmin: false,
  isBanned: false,
  createdAt: '2025-01-20T10:00:00.000Z',
  updatedAt: '2025-02-01T08:00:00.000Z',
  updatedBy: { id: 1, name: 'demo_admin' },
};

export const exampleDashboard: DashboardDto = {
  user: { id: 12, name: 'pixel_pioneer', isAdmin: false, avatarUrl: '/api/user/pixel_pioneer/picture' },
  entered: [
    {
      slug: 'space-sprint-jam',
      name: 'Space Sprint Jam',
      imageUrl: null,
      status: 'ongoing',
      phase: 'ongoing',
      startsAt: '2025-03-01T18:00:00.000Z',
      endsAt: '2025-03-08T18:00:00.000Z',
      votingEndsAt: '2025-03-15T18:00:00.000Z',
      entryTitle: 'Orbit Runner',
    },
  ],
  managing: [],
  joined: [
    {
      slug: 'space-sprint-jam',
      name: 'Space Sprint Jam',
      imageUrl: null,
      status: 'ongoing',
      phase: 'ongoing',
      startsAt: '2025-03-01T18:00:00.000Z',
      endsAt: '2025-03-08T18:00:00.000Z',
      votingEndsAt: '2025-03-15T18:00:00.000Z',
      todo: 'not-submitted',
    },
  ],
};

export const exampleActivityList: ActivityListDto = {
  entries: [
    {
      id: 42,
      at: '2025-03-02T12:30:00.000Z',
      action: 'winner.select',
      actor: { id: 1, name: 'demo_admin' },
      jam: { id: 7, slug: 'space-sprint-jam', name: 'Space Sprint Jam' },
      targetUser: { id: 12, name: 'pixel_pioneer' },
      details: { entryId: 31 },
    },
    {
      id: 41,
      at: '2025-03-02T12:10:00.000Z',
      action: 'jam.update',
      actor: { id: 3, name: 'sprite_smith' },
      jam: { id: 7, slug: 'space-sprint-jam', name: 'Space Sprint Jam' },
      targetUser: null,
      details: { fields: ['description'] },
    },
  ],
  page: 1,
  perPage: 20,
  total: 2,
  totalPages: 1,
};

export const exampleReportInput: ReportInput = {
  reason: 'personal-information',
  text: 'The game shows the author’s home address on the title screen.',
};

export const exampleMyReport: MyReportDto = {
  id: 31,
  reason: 'personal-information',
  text: 'The game shows the author’s home address on the title screen.',
  createdAt: '2025-02-14T10:12:00.000Z',
  created: true,
};

export const exampleReportQueue: ReportQueueDto = {
  items: [
    {
      key: 'entry-42',
      kind: 'entry',
      jam: { id: 7, slug: 'space-sprint-jam', name: 'Space Sprint Jam' },
      entry: { id: 42, title: 'Orbit Hopper', scratchId: 123456789, author: { id: 15, name: 'cat_coder' } },
      note: null,
      count: 2,
      reasons: [
        { reason: 'personal-information', count: 1 },
        { reason: 'spam', count: 1 },
      ],
      reports: [
        {
          reason: 'personal-information',
          text: 'The game shows the author’s home address on the title screen.',
          createdAt: '2025-02-14T10:12:00.000Z',
          reporter: { id: 12, name: 'pixel_pioneer' },
        },
        { reason: 'spam', text: '', createdAt: '2025-02-13T18:40:00.000Z', reporter: { id: 19, name: 'GriffTheGreat' } },
      ],
      firstReportedAt: '2025-02-13T18:40:00.000Z',
      lastReportedAt: '2025-02-14T10:12:00.000Z',
    },
  ],
  held: [
    {
      id: 91,
      text: 'how old are you? where do you live?',
      rule: 'personal',
      heldAt: '2025-02-14T10:25:00.000Z',
      entry: { id: 42, title: 'Leaf Catcher' },
      jam: { slug: 'autumn-jam', name: 'Autumn Jam' },
      author: { id: 23, name: 'new_player' },
    },
  ],
  heldTexts: [
    {
      id: 7,
      text: 'Tiny worlds (add me on dicsord: leaf_12)',
      rule: 'contact',
      target: 'theme',
      path: '',
      heldAt: '2025-02-14T10:30:00.000Z',
      jam: { slug: 'autumn-jam', name: 'Autumn Jam' },
      author: { id: 23, name: 'new_player' },
    },
  ],
  canBan: true,
  page: 1,
  perPage: 10,
  total: 1,
  totalPages: 1,
};

export const exampleReviewEntry: ReviewEntryDto = {
  ...exampleEntry,
  flags: [
    { kind: 'created-before-start', at: '2025-02-20T10:00:00.000Z', parentId: null, parentTitle: null },
    { kind: 'remix', at: null, parentId: 900000042, parentTitle: 'Orbit Engine' },
  ],
  plays: 12,
  review: 'checked',
  reviewedBy: 'GriffTheGreat',
  reviewedAt: '2025-03-09T08:15:00.000Z',
  historyCheckedAt: '2025-03-08T18:02:00.000Z',
  answers: [
    { questionId: 1, prompt: 'I made all the art myself', kind: 'yesno', answer: true, private: false },
    { questionId: 2, prompt: 'Anything the judges should know?', kind: 'text', answer: 'The music is mine too.', private: true },
  ],
  late: false,
  jamVersionAt: '2025-03-08T17:52:10.000Z',
};

export const exampleReviewList: ReviewListDto = {
  entries: [exampleReviewEntry],
  page: 1,
  perPage: 24,
  total: 1,
  totalPages: 1,
  flagged: 1,
  flaggedOpen: 0,
  entriesCheckedAt: '2025-03-08T18:00:05.000Z',
  jamVersion: 'allowed',
};

export const exampleEntryCheck: EntryCheckDto = {
  checked: 20,
  left: 7,
  missing: [{ id: 33, title: 'Comet Catcher', scratchId: 123456790 }],
};

export const exampleKudos: KudosDto = {
  feedback: 'notes',
  total: 4,
  counts: { fun: 2, art: 1, sounds: 0, idea: 1, funny: 0, theme: 0, polished: 0, more: 0 },
  mine: ['fun'],
  own: false,
};

export const exampleNote: NoteDto = {
  id: 88,
  text: 'The jump feels great! My best is 42 coins. Try my remix: https://scratch.mit.edu/projects/123456790',
  author: { id: 21, name: 'pixel_fox', avatar: '/api/user/pixel_fox/picture' },
  createdAt: '2025-02-14T10:20:00.000Z',
  mine: false,
  canDelete: true,
  canHide: false,
  hidden: false,
  held: false,
};

export const exampleNoteList: NoteListDto = {
  items: [exampleNote],
  page: 1,
  perPage: 10,
  total: 1,
  totalPages: 1,
  mute: null,
};

export const exampleFilterWords: FilterWordsDto = {
  words: [{ word: 'meanie', addedBy: 'site_admin', createdAt: '2025-02-01T09:00:00.000Z' }],
};

export const exampleInboxList: InboxListDto = {
  items: [
    {
      group: 'kudos:41',
      ids: [90, 87, 86, 80, 77],
      kind: 'kudos',
      read: false,
      createdAt: '2025-01-12T17:05:00.000Z',
      count: 5,
      people: 5,
      actor: 'mia_makes',
      jam: { slug: 'space-jam', name: 'Space Jam' },
      entry: { id: 41, title: 'Leaf Catcher' },
      data: {},
      href: '/jams/space-jam/entries/41',
    },
    {
      group: 'id:70',
      ids: [70],
      kind: 'jam-started',
      read: true,
      createdAt: '2025-01-10T18:00:00.000Z',
      count: 1,
      people: 0,
      actor: null,
      jam: { slug: 'space-jam', name: 'Space Jam' },
      entry: null,
      data: { mystery: true },
      href: '/jams/space-jam',
    },
  ],
  page: 1,
  perPage: 20,
  total: 2,
  totalPages: 1,
  unread: 1,
};

export const exampleTeam: TeamDto = {
  entryId: 31,
  submitter: { name: 'sprite_smith', avatar: '/api/user/sprite_smith/picture' },
  credits: [
    {
      name: 'pixel_pioneer',
      avatar: '/api/user/pixel_pioneer/picture',
      status: 'accepted',
      invitedAt: '2025-03-02T11:05:00.000Z',
      acceptedAt: '2025-03-02T12:00:00.000Z',
    },
    {
      name: 'loop_legend',
      avatar: '/api/user/loop_legend/picture',
      status: 'invited',
      invitedAt: '2025-03-02T11:06:00.000Z',
      acceptedAt: null,
    },
  ],
  max: 4,
  open: true,
  role: 'submitter',
};

export const exampleInvitations: InvitationListDto = {
  invitations: [
    {
      entryId: 31,
      entryTitle: 'Orbit Runner',
      thumbnailUrl: 'https://cdn2.scratch.mit.edu/get_image/project/900000101_480x360.png',
      jam: { slug: 'space-jam', name: 'Space Jam' },
      invitedBy: 'sprite_smith',
      invitedAt: '2025-03-02T11:06:00.000Z',
    },
  ],
};

export const exampleJsonFeed = {
  version: 'https://jsonfeed.org/version/1.1',
  title: 'Itinerary: game jams',
  description: 'New game jams and jams starting soon.',
  home_page_url: 'https://itinerary.example/',
  feed_url: 'https://itinerary.example/feed.json',
  language: 'en',
  icon: 'https://itinerary.example/icon-512.png',
  favicon: 'https://itinerary.example/favicon.svg',
  items: [
    {
      id: 'jam-7@itinerary.example',
      url: 'https://itinerary.example/jams/space-sprint-jam',
      title: 'Space Sprint Jam',
      content_text: 'Starts 1 December 2026, 12:00 UTC; ends 8 December 2026, 12:00 UTC.',
      summary: 'Make a game about space in one week.',
      date_published: '2026-11-20T09:00:00.000Z',
      date_modified: '2026-11-21T10:30:00.000Z',
      tags: ['upcoming'],
      _itinerary: {
        starts_at: '2026-12-01T12:00:00.000Z',
        ends_at: '2026-12-08T12:00:00.000Z',
        voting_ends_at: null,
        status: 'upcoming' as const,
        phase: 'upcoming' as const,
        calendar_url: 'https://itinerary.example/jams/space-sprint-jam.ics',
      },
    },
  ],
};

export const exampleJudges: JudgeListDto = {
  judges: [
    {
      name: 'loop_legend',
      avatar: '/api/user/loop_legend/picture',
      status: 'accepted',
      invitedAt: '2025-03-01T09:00:00.000Z',
      acceptedAt: '2025-03-01T10:30:00.000Z',
    },
    {
      name: 'pixel_pioneer',
      avatar: '/api/user/pixel_pioneer/picture',
      status: 'invited',
      invitedAt: '2025-03-02T08:15:00.000Z',
      acceptedAt: null,
    },
  ],
  max: 20,
  whoJudges: 'both',
};

export const exampleJudgeInvitations: JudgeInvitationListDto = {
  invitations: [
    { jam: { slug: 'space-jam', name: 'Space Jam' }, invitedBy: 'sprite_smith', invitedAt: '2025-03-02T08:15:00.000Z' },
  ],
};

export const exampleJudgeFeedback: JudgeFeedbackListDto = {
  feedback: [
    {
      entryId: 31,
      judge: { name: 'loop_legend', avatar: '/api/user/loop_legend/picture' },
      text: 'The jumping feels great. Try a sound when the cat lands!',
      createdAt: '2025-03-08T17:20:00.000Z',
      updatedAt: '2025-03-08T17:20:00.000Z',
      mine: false,
    },
  ],
  canWrite: false,
};

export const exampleEntryAnswers: EntryAnswersDto = {
  entryId: 31,
  answers: [
    { questionId: 1, prompt: 'I made all the art myself', kind: 'yesno', answer: true, private: false },
    { questionId: 2, prompt: 'Anything the judges should know?', kind: 'text', answer: 'The music is mine too.', private: true },
  ],
  late: false,
  waiting: {},
};

export const exampleLateGrant: LateGrantDto = {
  name: 'sprite_smith',
  until: '2025-03-09T06:00:00.000Z',
  grantedBy: 'jam_host',
  grantedAt: '2025-03-08T19:10:00.000Z',
  entryId: null,
};
