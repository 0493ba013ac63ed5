/** What an entry's Scratch history says about it against its jam's timing (fair judging, §1). */
import type { Entry, Jam } from '#db/schema';
import type { EntryFlagDto } from '#lib/schemas/entries';
import { conflict } from '#server/platform/errors';
import type { ScratchProject } from '#server/platform/scratch';

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

/** The entry columns that keep a project's Scratch history, as read at `checkedAt`. */
export function historyFields(
  project: Pick<ScratchProject, 'history' | 'remix'> & { remixParentTitle: string | null },
  checkedAt: Date,
) {
  return {
    projectCreatedAt: project.history.created,
    projectModifiedAt: project.history.modified,
    projectSharedAt: project.history.shared,
    remixParentId: project.remix.parentId,
    remixRootId: project.remix.rootId,
    remixParentTitle: project.remix.parentId === null ? null : project.remixParentTitle,
    historyCheckedAt: checkedAt,
  };
}

/** `YYYY-MM-DD` in UTC, the way the refusal names a day. */
const day = (date: Date) => date.toISOString().slice(0, 10);

export const oldProjectMessage = (created: Date) =>
  `This jam only accepts projects made during the jam. Your project was created on ${day(created)}, before the jam started — start a new project and submit that one.`;

/** "Refuse projects created before the start": a kind 409 naming the project's creation day. */
export function refuseOldProject(jam: Pick<Jam, 'refuseOldProjects' | 'startsAt'>, created: Date | null): void {
  if (jam.refuseOldProjects && created && created.getTime() < jam.startsAt.getTime()) throw conflict(oldProjectMessage(created));
}
