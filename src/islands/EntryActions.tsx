import { useEffect, useState } from 'react';
import type { IslandMessages } from '#i18n/island';
import { IslandI18n, useT } from '#i18n/react';
import { api } from '#client/api-client';
import { reloadWithToast } from '#client/reload-with-toast';
import { $jamViewer, loadJamViewer, viewerMay, viewerOwns } from '#stores/jam-viewer';
import { $session, UNKNOWN_SESSION, loadSession } from '#stores/session';
import { useIslandStore } from './ui/use-island-store';
import { useHydrated } from '#islands/ui/use-hydrated.ts';
import { Upvote } from './entries/Upvote';
import { StarRating } from './entries/StarRating';
import type { JamCriterion, JudgingMode } from '#lib/judging';
import { ReportButton } from './report/ReportButton';
import styles from './EntryActions.module.css';
import { renderedByReact } from '#lib/astro-renderer';
import { reportFailure } from '#client/report-failure';

interface Props {
  messages: IslandMessages;
  slug: string;
  entryId: number;
  startsAt: string;
  endsAt: string;
  votingEndsAt: string | null;
  /** A ratings jam (ADR 039) shows its stars per criterion instead of the upvote. */
  judging: JudgingMode;
  criteria: JamCriterion[];
}

/**
 * The entry page's buttons: the upvote or the stars (same rules as on the jam page) and, for its submitter,
 * the jam's managers and administrators, "Refresh from Scratch"; and "Report" for everyone.
 */
function EntryActions({ messages, ...props }: Props) {
  return (
    <IslandI18n messages={messages}>
      <div className={`entry-actions ${styles.actions}`}>
        {props.judging === 'ratings' ? <StarRating {...props} /> : <Upvote {...props} />}
        <Refresh {...props} />
        <ReportButton target={{ slug: props.slug, entryId: props.entryId }} />
      </div>
    </IslandI18n>
  );
}

function Refresh({ slug, entryId }: Omit<Props, 'messages'>) {
  const t = useT();
  const session = useIslandStore($session, UNKNOWN_SESSION);
  const viewer = useIslandStore($jamViewer, null);
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void loadSession().then(() => {
      if ($session.get().status === 'authenticated') void loadJamViewer(slug).catch(() => undefined);
    });
  }, [slug]);

  const own = session.status === 'authenticated' && viewerOwns(viewer, entryId);
  // The server knows no session: render nothing until hydrated, so hydration matches its HTML.
  if (!hydrated || !(own || viewerMay(viewer, 'jam:refresh-entry'))) return null;

  async function refresh() {
    setBusy(true);
    try {
      await api(`/jams/${encodeURIComponent(slug)}/entries/${entryId}/refresh`, { method: 'POST' });
      reloadWithToast(t('entry.refreshed'));
    } catch (error) {
      setBusy(false);
      reportFailure(t('entry.refreshFailed'), error, { reason: 'api', quiet: true });
    }
  }

  return (
    <button type="button" className="button ghost entry-refresh" aria-busy={busy || undefined} disabled={busy} onClick={refresh}>
      <span aria-hidden="true">↻</span> {t('entry.refresh')}
    </button>
  );
}

export default renderedByReact(EntryActions);
