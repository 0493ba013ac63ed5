/**
 * The page's viewer document (ADR 034): everything personal on a jam page or an entry page — who is
 * logged in, the bell's count, what they may do in the jam, their votes and their side of the entry's
 * kudos, notes and team — in one request per page, shared by the page's islands. The page names it
 * (`<Base viewer={{ jam, entry }}>` writes `data-viewer-jam` and `data-viewer-entry` on `<html>`);
 * pages that name none keep their islands' own requests.
 *
 * An entry page opened by someone logged in has its player open, which counts as a play: the play's
 * PUT goes out beside the document's GET (islands/entries/record-play.ts). The play answers 204 as
 * soon as its row is committed, so in a deadline rush the most frequent write stays the cheapest (ADR 045).
 */
import { atom } from 'nanostores';
import { ApiError } from '#client/api-client';
import { readCookie } from '#lib/cookies';
import type { EntryViewerDto, JamViewerDto } from '#lib/schemas/viewer';

export interface PageViewerTarget {
  jam: string;
  entry?: number;
}

export const $pageViewer = atom<JamViewerDto | null>(null);

/** Set next to the HttpOnly session cookie by the server (src/server/auth/session.ts); it holds no secret. */
export const mayHaveSession = () => readCookie(document.cookie, 'itinerary-session') === '1';

/** Which document this page names, if any (`data-viewer-jam` and `data-viewer-entry` on the root element). */
export function pageViewerTarget(): PageViewerTarget | null {
  const { viewerJam: jam, viewerEntry } = document.documentElement.dataset;
  if (!jam) return null;
  const entry = Number(viewerEntry);
  return viewerEntry && Number.isInteger(entry) ? { jam, entry } : { jam };
}

/** Whether this page's document is the one about `jam` (and, when given, that entry). */
export function pageViewerIsFor(jam: string, entry?: number): boolean {
  const target = pageViewerTarget();
  return target !== null && target.jam === jam && (entry === undefined || target.entry === entry);
}

async function readDocument(response: Response): Promise<JamViewerDto> {
  const body = (await response.json().catch(() => undefined)) as
    (JamViewerDto & { error?: { code?: string; message?: string } }) | undefined;
  if (!response.ok || !body) {
    throw new ApiError(response.status, body?.error?.code ?? 'unknown', body?.error?.message ?? response.statusText, body);
  }
  return body;
}

async function requestDocument({ jam, entry }: PageViewerTarget): Promise<JamViewerDto> {
  const query = entry === undefined ? '' : `?entry=${entry}`;
  return readDocument(await fetch(`/api/jams/${encodeURIComponent(jam)}/viewer${query}`, { credentials: 'same-origin' }));
}

let pending: Promise<JamViewerDto> | undefined;

/** The page's document, asked for once however many islands want it; null when the page names none. */
export function loadPageViewer(): Promise<JamViewerDto | null> {
  const target = pageViewerTarget();
  if (!target) return Promise.resolve(null);
  pending ??= requestDocument(target).then((document) => {
    $pageViewer.set(document);
    return document;
  });
  // A failed request may be asked again (by the next island that wants it).
  pending.catch(() => {
    pending = undefined;
  });
  return pending;
}

/** The reader's side of this page's entry, or null when the page's document is not about that entry (ask the API). */
export async function loadEntryViewer(jam: string, entry: number): Promise<EntryViewerDto | null> {
  if (!pageViewerIsFor(jam, entry)) return null;
  return (await loadPageViewer())?.viewedEntry ?? null;
}
