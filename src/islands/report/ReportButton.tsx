import { Suspense, lazy, useEffect, useState } from 'react';
import { useT } from '#i18n/react';
import { pushToast } from '#stores/toasts';
import { $session, UNKNOWN_SESSION, loadSession } from '#stores/session';
import { useHydrated } from '../ui/use-hydrated';
import { useIslandStore } from '../ui/use-island-store';
import type { ReportTarget } from './ReportDialog';

// The form (and its schema's reasons) downloads when someone opens it, not with every page.
const ReportDialog = lazy(() => import('./ReportDialog').then((module) => ({ default: module.ReportDialog })));

/**
 * A small "Report" button for a jam or an entry. Visitors are asked to log in; banned users see
 * nothing. It renders nothing on the server (which knows no session), so cached pages stay the same for all.
 */
export function ReportButton({ target }: { target: ReportTarget }) {
  const t = useT();
  const session = useIslandStore($session, UNKNOWN_SESSION);
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);

  useEffect(() => void loadSession(), []);

  if (!hydrated || session.user?.isBanned) return null;

  async function start() {
    await loadSession();
    if ($session.get().status !== 'authenticated') {
      pushToast({ type: 'warning', content: { message: t('report.loginToReport') } });
      return;
    }
    setOpen(true);
  }

  return (
    <>
      <button type="button" className="button ghost small report-button" aria-haspopup="dialog" onClick={() => void start()}>
        <span aria-hidden="true">⚑</span> {t('report.button')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog open target={target} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
