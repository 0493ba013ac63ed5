/**
 * Counting a play when someone logged in opens an entry's player: fire and forget. The player never
 * waits for it and nobody sees an error for it (no progress bar, no toast): a play that was not
 * counted costs nothing but the count.
 */
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
