import { useT } from '#i18n/react';
import styles from './Spinner.module.css';

interface SpinnerProps {
  /** Defaults to the generic loading text. */
  message?: string;
  /** The notification variant shows only the wheel; the message stays for screen readers. */
  variant?: 'default' | 'notification';
}

export function Spinner({ message, variant = 'default' }: SpinnerProps) {
  const t = useT();
  return (
    <span className={`spinner ${styles.spinner}`} data-variant={variant} role="status">
      <span className={styles.wheel} aria-hidden="true" />
      <span className={variant === 'notification' ? 'visually-hidden' : undefined}>{message ?? t('loading.default')}</span>
    </span>
  );
}
