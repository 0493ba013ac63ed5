import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { useT } from '../../i18n/react';
import { ApiError } from '../../lib/api-client';
import { jamStatus } from '../../lib/jam-timing';
import { pushNotification } from '../../stores/notifications';
import { $session, loadSession } from '../../stores/session';
import { $myVotes, loadMyVotes, setVote } from '../../stores/votes';
import { useHydrated } from '../ui/use-hydrated';

interface Props {
  slug: string;
  entryId: number;
  authorName: string;
  startsAt: string;
  endsAt: string;
}

/** Upvote / take back, while the jam is ongoing. The pressed state is what screen readers announce. */
export function Upvote({ slug, entryId, authorName, startsAt, endsAt }: Props) {
  const t = useT();
  const session = useStore($session);
  const myVotes = useStore($myVotes);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  useEffect(() => {
    void loadSession().then(() => {
      if ($session.get().status === 'authenticated') void loadMyVotes(slug).catch(() => undefined);
    });
  }, [slug]);

  if (jamStatus({ startsAt, endsAt }) !== 'ongoing') return null;
  const upvoted = myVotes?.entryIds.includes(entryId) ?? false;
  const own = session.user?.name.toLowerCase() === authorName.toLowerCase();

  async function toggle() {
    await loadSession();
    if ($session.get().status !== 'authenticated') {
      pushNotification({ type: 'warning', content: { message: t('entry.loginToUpvote') } });
      return;
    }
    setBusy(true);
    try {
      await setVote(slug, entryId, !upvoted);
    } catch (error) {
      pushNotification({ type: 'error', content: { message: error instanceof ApiError ? error.message : String(error) } });
    } finally {
      setBusy(false);
    }
  }

  if (own) return <span className="upvote own">{t('entry.ownEntry')}</span>;
  return (
    <button
      type="button"
      className={`button upvote${upvoted ? ' upvoted' : ''}`}
      aria-pressed={upvoted}
      disabled={busy || !hydrated}
      onClick={toggle}
    >
      <span aria-hidden="true">▲ </span>
      {upvoted ? t('entry.upvoted') : t('entry.upvote')}
    </button>
  );
}
