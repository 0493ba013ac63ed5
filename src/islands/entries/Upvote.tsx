import { useIslandStore } from '../ui/use-island-store';
import { votingRuleRefusal } from '#lib/voting-rule';
import { useEffect, useId, useState } from 'react';
import { useT } from '#i18n/react';
import { votingIsOpen } from '#lib/jam-timing';
import { pushToast } from '#stores/toasts';
import { $session, UNKNOWN_SESSION, loadSession } from '#stores/session';
import { $jamViewer, loadJamViewer, viewerOwns } from '#stores/jam-viewer';
import { $myVotes, loadMyVotes, setVote } from '#stores/votes';
import { useHydrated } from '#islands/ui/use-hydrated.ts';
import styles from '#islands/Entries.module.css';
import { reportFailure } from '#client/report-failure';

interface Props {
  slug: string;
  entryId: number;
  startsAt: string;
  endsAt: string;
  votingEndsAt: string | null;
}

/**
 * Upvote / take back, while voting is open (the jam runs, then its voting period). The pressed
 * state is what screen readers announce; beside the button, visible text says how many votes are
 * left or why voting would not work (logged out, not allowed by "Who can vote", not played yet
 * when the jam asks to play before voting, no votes left).
 */
export function Upvote({ slug, entryId, startsAt, endsAt, votingEndsAt }: Props) {
  const t = useT();
  const id = useId();
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

  if (!votingIsOpen({ startsAt, endsAt, votingEndsAt })) return null;
  // Until hydrated, render what the server rendered (it knows no session): no mismatch, no flash.
  const upvoted = hydrated && (myVotes?.entryIds.includes(entryId) ?? false);
  // Theirs (submitted or credited on): the server says which entry is, in the page's viewer document.
  const own = hydrated && viewerOwns(viewer, entryId);

  async function toggle() {
    await loadSession();
    if ($session.get().status !== 'authenticated') {
      pushToast({ type: 'warning', content: { message: t('entry.loginToUpvote') } });
      return;
    }
    setBusy(true);
    try {
      await setVote(slug, entryId, !upvoted);
    } catch (error) {
      reportFailure(null, error, { quiet: true });
    } finally {
      setBusy(false);
    }
  }

  if (own) return <span className={`upvote own chip ${styles.own}`}>{t('entry.ownEntry')}</span>;

  // Why this button cannot cast a vote now, if it cannot; taking a vote back is always possible.
  const refusal =
    !hydrated || upvoted
      ? null
      : session.status === 'anonymous'
        ? t('entry.loginToVote')
        : myVotes && votingRuleRefusal(myVotes)
          ? t(votingRuleRefusal(myVotes)!)
          : myVotes?.playBeforeVote && !myVotes.playedEntryIds.includes(entryId)
            ? t('voting.playFirst')
            : myVotes && myVotes.remaining === 0
              ? t('entry.noVotesLeft')
              : null;
  const note = refusal ?? (hydrated && myVotes ? t('entry.votesLeft', { count: myVotes.remaining }) : null);
  const blocked = refusal !== null;
  return (
    <div className={styles.vote}>
      <button
        type="button"
        className={`button upvote${upvoted ? ' upvoted primary' : ''} ${styles.upvote}`}
        aria-pressed={upvoted}
        aria-busy={busy || undefined}
        aria-describedby={note ? `${id}-note` : undefined}
        disabled={busy || !hydrated}
        onClick={toggle}
      >
        <span aria-hidden="true" className={styles.arrow}>
          ▲
        </span>{' '}
        {upvoted ? t('entry.upvoted') : t('entry.upvote')}
      </button>
      {note && (
        <span id={`${id}-note`} className={blocked ? `${styles.voteNote} ${styles.blocked}` : styles.voteNote}>
          {note}
        </span>
      )}
    </div>
  );
}
