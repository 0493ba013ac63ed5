/** What the server says about the viewer of this jam page; fetched once, shared by the page's islands. */
import { atom } from 'nanostores';
import { api } from '#client/api-client';
import type { JamAction } from '#lib/jam-actions';
import type { MyThemeDto } from '#lib/schemas/themes';
import type { JamViewerDto } from '#lib/schemas/viewer';
import { loadPageViewer, pageViewerIsFor } from './page-viewer';

export const $jamViewer = atom<JamViewerDto | null>(null);

let pending: Promise<JamViewerDto> | undefined;

/** The page's viewer document when it is about this jam (ADR 034), else the jam's own. */
export function loadJamViewer(slug: string): Promise<JamViewerDto> {
  pending ??= (
    pageViewerIsFor(slug)
      ? loadPageViewer().then((viewer) => viewer!)
      : api<JamViewerDto>(`/jams/${encodeURIComponent(slug)}/viewer`)
  ).then((viewer) => {
    $jamViewer.set(viewer);
    return viewer;
  });
  return pending;
}

/** A theme write's answer (ADR 043) is the new truth about the viewer's part in the theme rounds. */
export function setViewerTheme(theme: MyThemeDto | null): void {
  const viewer = $jamViewer.get();
  if (viewer) $jamViewer.set({ ...viewer, theme });
}

/** Whether the viewer document says the viewer may do `action` (the server checks it again). */
export const viewerMay = (viewer: JamViewerDto | null, action: JamAction) => Boolean(viewer?.allowed.includes(action));

/** Whether the entry is the viewer's own (they submitted it or are credited on it): the server's answer, one entry per jam. */
export const viewerOwns = (viewer: JamViewerDto | null, entryId: number) => viewer?.entry?.id === entryId;
