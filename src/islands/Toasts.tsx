/** Toast notifications (spec §2, §3, §4): top centre, polite live region, closeable, timed. */
import { useIslandStore } from './ui/use-island-store';
import { useEffect } from 'react';
import { translated, useT } from '#i18n/react';
import { $toasts, type Toast as ToastItem, closeToast, flushPendingToasts } from '#stores/toasts';
import styles from './Toasts.module.css';
import { Spinner } from './ui/Spinner';

export default translated(ToastList);

function ToastList() {
  const t = useT();
  const toasts = useIslandStore($toasts, []);
  useEffect(() => flushPendingToasts(), []);
  return (
    <div className="toasts" role="region" aria-label={t('toast.region')}>
      <ul className={styles.list} aria-live="polite" aria-relevant="additions text">
        {toasts.map((toast) => (
          <Toast key={toast.id} toast={toast} />
        ))}
      </ul>
    </div>
  );
}

function Toast({ toast }: { toast: ToastItem }) {
  const t = useT();
  const { id, type, content, isCloseable, closing } = toast;
  return (
    <li
      className={['toast', styles.toast, styles[type], closing && `closing ${styles.closing}`].filter(Boolean).join(' ')}
      data-type={type}
    >
      {content.loading && <Spinner variant="notification" />}
      {/* The alert is the message, not the list item: a list holds list items only (axe "list"). */}
      <p className={styles.message} role={type === 'error' ? 'alert' : undefined}>
        {content.message}
      </p>
      {isCloseable && (
        <button type="button" className="toast-close icon-button" aria-label={t('toast.close')} onClick={() => closeToast(id)}>
          <span aria-hidden="true">×</span>
        </button>
      )}
    </li>
  );
}
