/**
 * "Your private calendar" on the dashboard (issue 34 §2): the person's secret calendar and RSS
 * addresses to copy, and the buttons that create them, replace them (the old ones stop working) or
 * turn them off. The addresses are in the locale of the dashboard.
 */
import { useId, useState } from 'react';
import type { IslandMessages } from '#i18n/island';
import { translated, useT } from '#i18n/react';
import { api } from '#client/api-client';
import type { FeedAddressesDto } from '#lib/schemas/inbox';
import { pushToast } from '#stores/toasts';
import { Spinner } from './ui/Spinner';
import styles from './FeedAddresses.module.css';
import { reportFailure } from '#client/report-failure';

interface Props {
  messages: IslandMessages;
  addresses: FeedAddressesDto;
  /** `/hu` or `/ir`, put after the host so the feeds speak the dashboard's language ('' for English). */
  localePrefix: string;
}

export default translated(FeedAddresses);

const localized = (address: string | null, prefix: string) => {
  if (!address || !prefix) return address;
  const url = new URL(address);
  url.pathname = `${prefix}${url.pathname}`;
  return url.href;
};

function FeedAddresses({ addresses: initial, localePrefix }: Omit<Props, 'messages'>) {
  const t = useT();
  const id = useId();
  const [addresses, setAddresses] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState<string | null>(null);
  const [said, setSaid] = useState('');

  async function change(method: 'POST' | 'DELETE') {
    setBusy(true);
    try {
      const next = await api<FeedAddressesDto | undefined>('/me/feed-token', { method });
      setAddresses(next ?? { calendar: null, rss: null });
      const message = t(method === 'POST' ? 'inbox.feeds.created' : 'inbox.feeds.turnedOff');
      setSaid(message);
      pushToast({ type: 'success', content: { message } });
    } catch (error) {
      reportFailure(null, error, { quiet: true });
    } finally {
      setBusy(false);
    }
  }

  async function copy(which: 'calendar' | 'rss', value: string) {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(which);
      setSaid(t('inbox.feeds.copied'));
    } catch {
      document.getElementById(`${id}-${which}`)?.focus();
    }
  }

  const rows = (['calendar', 'rss'] as const).map((which) => ({
    which,
    value: localized(addresses[which], localePrefix),
    label: t(which === 'calendar' ? 'inbox.feeds.calendarLabel' : 'inbox.feeds.rssLabel'),
  }));
  const on = addresses.calendar !== null;

  return (
    <div className={styles.feeds} aria-busy={busy}>
      {on ? (
        rows.map(({ which, value, label }) => (
          <div className={styles.row} key={which}>
            <label htmlFor={`${id}-${which}`}>{label}</label>
            <div className={styles.field}>
              <input
                id={`${id}-${which}`}
                type="text"
                readOnly
                value={value ?? ''}
                onFocus={(event) => event.currentTarget.select()}
                spellCheck={false}
              />
              <button type="button" className="button small" onClick={() => value && void copy(which, value)}>
                {copied === which ? t('inbox.feeds.copied') : t('inbox.feeds.copy')}
              </button>
            </div>
          </div>
        ))
      ) : (
        <p className={styles.none}>{t('inbox.feeds.none')}</p>
      )}
      <p className={styles.actions}>
        {on ? (
          <>
            <button type="button" className="button" disabled={busy} onClick={() => void change('POST')}>
              {t('inbox.feeds.rotate')}
            </button>
            <button type="button" className="button danger" disabled={busy} onClick={() => void change('DELETE')}>
              {t('inbox.feeds.off')}
            </button>
          </>
        ) : (
          <button type="button" className="button primary" disabled={busy} onClick={() => void change('POST')}>
            {t('inbox.feeds.create')}
          </button>
        )}
        {busy && <Spinner variant="notification" />}
      </p>
      {on && <p className={styles.hint}>{t('inbox.feeds.rotateHint')}</p>}
      <p className="visually-hidden" aria-live="polite">
        {said}
      </p>
    </div>
  );
}
