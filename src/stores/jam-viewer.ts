/** What the server says about the viewer of this jam page; fetched once, shared by the page's islands. */
import { atom } from 'nanostores';
import { api } from '#client/api-client';
import type { JamViewerDto } from '#lib/schemas/viewer';

export const $jamViewer = atom<JamViewerDto | null>(null);

let pending: Promise<JamViewerDto> | undefined;

export function loadJamViewer(slug: string): Promise<JamViewerDto> {
  pending ??= api<JamViewerDto>(`/jams/${encodeURIComponent(slug)}/viewer`).then((viewer) => {
    $jamViewer.set(viewer);
    return viewer;
  });
  return pending;
}

export const viewerMay = (viewer: JamViewerDto | null, permission: string) => Boolean(viewer?.allowed.includes(permission));
