/**
 * Counting a play when someone logged in opens an entry's player: fire and forget. The player never
 * waits for it and nobody sees an error for it (no progress bar, no toast): a play that was not
 * counted costs nothing but the count. On the entry's own page the page's viewer document (ADR 034)
 * is asked for beside it.
 */
import { loadPageViewer, mayHaveSession, pageViewerIsFor } from '#stores/page-viewer';
import { $session, loadSession } from '#stores/session';
import { $myVotes, markPlayed } from '#stores/votes';

/** Once the viewer's votes are known (they may still be loading), the entry counts as played for "Play before you vote". */
function markPlayedOnceLoaded(entryId: number): void {
  if ($myVotes.get()) return markPlayed(entryId);
  const stop = $myVotes.listen((state) => {
    if (!state) return;
    stop();
    markPlayed(entryId);
  });
}

/** The play's PUT; once answered, "Play before you vote" counts the entry as played. */
async function sendPlay(slug: string, entryId: number): Promise<void> {
  const response = await fetch(`/api/jams/${encodeURIComponent(slug)}/entries/${entryId}/play`, {
    method: 'PUT',
    credentials: 'same-origin',
    // Sent even when the person leaves the page at once (the play still counts).
    keepalive: true,
  });
  if (response.ok) markPlayedOnceLoaded(entryId);
}

export function recordPlay(slug: string, entryId: number): void {
  if (pageViewerIsFor(slug, entryId)) {
    // The entry's own page: its viewer document comes beside the play. Visitors count no plays.
    if (!mayHaveSession()) return;
    void loadPageViewer().catch(() => undefined);
    void sendPlay(slug, entryId).catch(() => undefined);
    return;
  }
  void loadSession()
    .then(async () => {
      if ($session.get().status === 'authenticated') await sendPlay(slug, entryId);
    })
    .catch(() => undefined);
}
