/** What an entry's Scratch history says about it against its jam's timing (fair judging, §1). */
import type { Entry, Jam } from '#db/schema';
import type { EntryFlagDto } from '#lib/schemas/entries';

type History = Pick<Entry, 'projectCreatedAt' | 'projectModifiedAt' | 'remixParentId' | 'remixParentTitle'>;

/** Every flag the history raises, whatever a manager decided (the review list shows them all). */
export function entryFlags(entry: History, jam: Pick<Jam, 'startsAt' | 'endsAt'>): EntryFlagDto[] {
  const flags: EntryFlagDto[] = [];
  const none = { at: null, parentId: null, parentTitle: null };
  if (entry.projectCreatedAt && entry.projectCreatedAt.getTime() < jam.startsAt.getTime()) {
    flags.push({ ...none, kind: 'created-before-start', at: entry.projectCreatedAt.toISOString() });
  }
  if (entry.projectModifiedAt && entry.projectModifiedAt.getTime() > jam.endsAt.getTime()) {
    flags.push({ ...none, kind: 'updated-after-deadline', at: entry.projectModifiedAt.toISOString() });
  }
  if (entry.remixParentId !== null) {
    flags.push({ ...none, kind: 'remix', parentId: entry.remixParentId, parentTitle: entry.remixParentTitle });
  }
  return flags;
}
