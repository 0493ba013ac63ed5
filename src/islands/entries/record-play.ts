/**
 * Counting a play when someone logged in opens an entry's player: fire and forget. The player never
 * waits for it and nobody sees an error for it (no progress bar, no toast): a play that was not
 * counted costs nothing but the count. On the entry's own page the play is the request of the page's
 * viewer document (ADR 034), whose votes already count it.
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

export function recordPlay(slug: string, entryId: number): void {
  if (pageViewerIsFor(slug, entryId)) {
    // Visitors count no plays (and need no document).
    if (mayHaveSession()) void loadPageViewer().catch(() => undefined);
    return;
  }
  void loadSession()
    .then(async () => {
      if ($session.get().status !== 'authenticated') return;
      const response = await fetch(`/api/jams/${encodeURIComponent(slug)}/entries/${entryId}/play`, {
        method: 'PUT',
        credentials: 'same-origin',
        // Sent even when the person leaves the page at once (the play still counts).
        keepalive: true,
      });
      if (response.ok) markPlayedOnceLoaded(entryId);
    })
    .catch(() => undefined);
}
