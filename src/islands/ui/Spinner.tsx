import { useTranslation } from 'react-i18next';

interface SpinnerProps {
  /** Defaults to the generic loading text. */
  message?: string;
  /** The notification variant shows only the wheel; the message stays for screen readers. */
  variant?: 'default' | 'notification';
}

export function Spinner({ message, variant = 'default' }: SpinnerProps) {
  const { t } = useTranslation();
  return (
    <span className={`spinner spinner-${variant}`} role="status">
      <span className="spinner-wheel" aria-hidden="true" />
      <span className={variant === 'notification' ? 'visually-hidden' : 'spinner-message'}>{message ?? t('loading.default')}</span>
    </span>
  );
}
