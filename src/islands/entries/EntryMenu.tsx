import { useIslandStore } from '../ui/use-island-store';
import { useEffect, useState } from 'react';
import { useT } from '#i18n/react';
import { api } from '#client/api-client';
import { reloadWithToast } from '#client/reload-with-toast';
import { $jamViewer, loadJamViewer, viewerMay, viewerOwns } from '#stores/jam-viewer';
import { $session, UNKNOWN_SESSION, loadSession } from '#stores/session';
import { ConfirmDialog } from '#islands/ui/ConfirmDialog.tsx';
import { useHydrated } from '#islands/ui/use-hydrated.ts';
import { Dropdown, type DropdownItem } from '#islands/ui/Dropdown.tsx';
import styles from '#islands/Entries.module.css';
import { reportFailure } from '#client/report-failure';

interface Props {
  slug: string;
  entryId: number;
  title: string;
  isWinner: boolean;
  endsAt: string;
}

/** The menu in the card's corner: remove an entry (its submitter, managers, admins); select or revoke the winner (managers, admins, after the end). */
export function EntryMenu({ slug, entryId, title, isWinner, endsAt }: Props) {
  const t = useT();
  const session = useIslandStore($session, UNKNOWN_SESSION);
  const viewer = useIslandStore($jamViewer, null);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    void loadSession().then(() => {
      if ($session.get().status === 'authenticated') void loadJamViewer(slug).catch(() => undefined);
    });
  }, [slug]);

  const hydrated = useHydrated();
  const own = session.status === 'authenticated' && viewerOwns(viewer, entryId);
  const canRemove = own || viewerMay(viewer, 'jam:remove-entry');
  const [openedAt] = useState(Date.now);
  const canChooseWinner = viewerMay(viewer, 'jam:select-winner') && openedAt >= Date.parse(endsAt);
  // The server knows no session: render nothing until hydrated, so hydration matches its HTML.
  if (!hydrated || (!canRemove && !canChooseWinner)) return null;

  const base = `/jams/${encodeURIComponent(slug)}/entries/${entryId}`;
  async function run(request: () => Promise<unknown>, success: string, failure: string) {
    try {
      await request();
      reloadWithToast(success);
    } catch (error) {
      setConfirming(false);
      reportFailure(failure, error, { reason: 'api' });
    }
  }

  const items: DropdownItem[] = [];
  if (canChooseWinner) {
    items.push({
      label: isWinner ? t('entry.revokeWinner') : t('entry.selectWinner'),
      onSelect: () =>
        void run(
          () => api(`${base}/winner`, { method: isWinner ? 'DELETE' : 'PUT' }),
          isWinner ? t('entry.winnerRevoked') : t('entry.winnerSelected'),
          t('entry.winnerFailed'),
        ),
    });
  }
  if (canRemove) items.push({ label: t('entry.remove'), onSelect: () => setConfirming(true) });

  return (
    <div className={`entry-menu ${styles.menu}`}>
      <Dropdown
        placement="bottom-end"
        buttonClassName={`icon-button ${styles.menuButton}`}
        label={
          <>
            <span aria-hidden="true">⋯</span>
            <span className="visually-hidden">{t('entry.menu')}</span>
          </>
        }
        items={items}
      />
      <ConfirmDialog
        open={confirming}
        danger
        title={t('entry.remove')}
        message={t('entry.removeConfirm', { title })}
        confirmLabel={t('entry.remove')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => run(() => api(base, { method: 'DELETE' }), t('entry.removed'), t('entry.removeFailed'))}
      />
    </div>
  );
}
