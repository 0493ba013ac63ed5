/**
 * What the upvote button and the star rating share (ADR 039: the same rules): the session, the
 * person's votes and the page's viewer document, loaded once logged in; whether voting is open,
 * whether the entry is theirs, and why the rules would refuse them (not logged in, "Who can vote"
 * or a judges-only jam, not played yet when the jam asks to play first), as the key of its text.
 */
import { useEffect, useState } from 'react';
import { votingIsOpen } from '#lib/jam-timing';
import { type VotingRuleKey, votingRuleRefusal } from '#lib/voting-rule';
import { $session, UNKNOWN_SESSION, loadSession } from '#stores/session';
import { $jamViewer, loadJamViewer, viewerOwns } from '#stores/jam-viewer';
import { $myVotes, loadMyVotes } from '#stores/votes';
import { useHydrated } from '#islands/ui/use-hydrated.ts';
import { useIslandStore } from '../ui/use-island-store';

export interface VotingWindow {
  startsAt: string;
  endsAt: string;
  votingEndsAt: string | null;
}

/** Why the rules refuse this person's vote or rating: logged out, a rule's text key, or not played yet. */
export type VotingRefusal = 'logged-out' | 'play-first' | VotingRuleKey;

export function useVoting(slug: string, entryId: number, window: VotingWindow) {
  const session = useIslandStore($session, UNKNOWN_SESSION);
  const myVotes = useIslandStore($myVotes, null);
  const viewer = useIslandStore($jamViewer, null);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  useEffect(() => {
    void loadSession().then(() => {
      if ($session.get().status !== 'authenticated') return;
      void loadMyVotes(slug).catch(() => undefined);
      void loadJamViewer(slug).catch(() => undefined);
    });
  }, [slug]);

  // Until hydrated, what the server rendered (it knows no session): no mismatch, no flash.
  const refusal: VotingRefusal | null = !hydrated
    ? null
    : session.status === 'anonymous'
      ? 'logged-out'
      : ((myVotes && votingRuleRefusal(myVotes)) ??
        (myVotes?.playBeforeVote && !myVotes.playedEntryIds.includes(entryId) ? 'play-first' : null));

  return {
    myVotes: hydrated ? myVotes : null,
    hydrated,
    busy,
    setBusy,
    open: votingIsOpen(window),
    // Theirs (submitted or credited on): the server says which entry is, in the page's viewer document.
    own: hydrated && viewerOwns(viewer, entryId),
    refusal,
  };
}
