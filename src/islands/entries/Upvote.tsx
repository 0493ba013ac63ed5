import { useId } from 'react';
import { useT } from '#i18n/react';
import { pushToast } from '#stores/toasts';
import { $session, loadSession } from '#stores/session';
import { setVote } from '#stores/votes';
import styles from '#islands/Entries.module.css';
import { reportFailure } from '#client/report-failure';
import { useVoting } from './use-voting';

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
  const {
    myVotes,
    hydrated,
    busy,
    setBusy,
    open,
    own,
    refusal: ruled,
  } = useVoting(slug, entryId, { startsAt, endsAt, votingEndsAt });

  if (!open) return null;
  const upvoted = myVotes?.entryIds.includes(entryId) ?? false;

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
  const refusal = upvoted
    ? null
    : ruled === 'logged-out'
      ? t('entry.loginToVote')
      : ruled === 'play-first'
        ? t('voting.playFirst')
        : ruled
          ? t(ruled)
          : myVotes?.remaining === 0
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
