/** The jam version's examples in the API description (ADR 050). */
import type { JamVersionDto } from '#lib/schemas/jam-version';

export const exampleJamVersion: JamVersionDto = {
  entryId: 31,
  uploadedAt: '2026-07-14T17:58:02.000Z',
  uploadedBy: 'griffpatch_fan',
  size: 48213,
  sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  fileUrl: '/api/jams/summer-jam-2026/entries/31/jam-version/file',
  scratchChangedAfterDeadline: true,
  frozen: true,
};
