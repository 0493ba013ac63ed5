/** The viewer's votes in the jam on this page, shared by every upvote button and the viewer box. */
import { atom } from 'nanostores';
import { ApiError, api } from '#client/api-client';
import type { MyVotesDto } from '#lib/schemas/entries';
import { loadPageViewer, pageViewerIsFor } from './page-viewer';

export const $myVotes = atom<MyVotesDto | null>(null);

let loaded: string | undefined;
/** Bumped by every write, so that a load that started before a vote cannot overwrite its answer. */
let writes = 0;

export async function loadMyVotes(slug: string): Promise<void> {
  if (loaded === slug) return;
  loaded = slug;
  const writesBefore = writes;
  try {
    // The page's viewer document holds them when it is about this jam (ADR 034).
    const state = pageViewerIsFor(slug)
      ? ((await loadPageViewer())?.votes ?? null)
      : await api<MyVotesDto>(`/jams/${encodeURIComponent(slug)}/my-votes`);
    if (state && writes === writesBefore) $myVotes.set(state);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
  }
}

/** Casts or takes back a vote; the server's answer is the new truth. */
export async function setVote(slug: string, entryId: number, upvoted: boolean): Promise<MyVotesDto> {
  const state = await api<MyVotesDto>(`/jams/${encodeURIComponent(slug)}/entries/${entryId}/vote`, {
    method: upvoted ? 'PUT' : 'DELETE',
  });
  writes += 1;
  $myVotes.set(state);
  return state;
}

/** The viewer opened an entry's player (and the server recorded it): "Play before you vote" lets them vote for it. */
export function markPlayed(entryId: number): void {
  const state = $myVotes.get();
  if (!state || state.playedEntryIds.includes(entryId)) return;
  writes += 1;
  $myVotes.set({ ...state, playedEntryIds: [...state.playedEntryIds, entryId] });
}

/** Gives stars to criteria of an entry in a ratings jam (ADR 039); the server's answer is the new truth. */
export async function setRating(slug: string, entryId: number, stars: Record<string, number>): Promise<MyVotesDto> {
  const state = await api<MyVotesDto>(`/jams/${encodeURIComponent(slug)}/entries/${entryId}/rating`, {
    method: 'PUT',
    body: { stars },
  });
  writes += 1;
  $myVotes.set(state);
  return state;
}

/** Takes back all the viewer's stars for an entry. */
export async function clearRating(slug: string, entryId: number): Promise<MyVotesDto> {
  const state = await api<MyVotesDto>(`/jams/${encodeURIComponent(slug)}/entries/${entryId}/rating`, { method: 'DELETE' });
  writes += 1;
  $myVotes.set(state);
  return state;
}
