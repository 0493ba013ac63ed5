import { useEffect, useId, useState } from 'react';
import type { IslandMessages } from '#i18n/island';
import { IslandI18n, useT } from '#i18n/react';
import { api } from '#client/api-client';
import { renderedByReact } from '#lib/astro-renderer';
import type { NextEntryDto } from '#lib/schemas/entries';
import { $session, UNKNOWN_SESSION, loadSession } from '#stores/session';
import { useHydrated } from './ui/use-hydrated';
import { useIslandStore } from './ui/use-island-store';
import styles from './PlayNext.module.css';

interface Props {
  messages: IslandMessages;
  slug: string;
  /** The address of an entry's own page, with `{id}` in place of its id. */
  entryHref: string;
}

/**
 * "Play next" on the jam page's submissions: for someone logged in, the entry they have not played
 * that has been played least (the server's rule); for visitors, "Play a random entry". Either goes
 * to the entry's page with its player open (`#play`), or says why there is nothing to play.
 */
function PlayNext({ messages, ...props }: Props) {
  return (
    <IslandI18n messages={messages}>
      <PlayNextButton {...props} />
    </IslandI18n>
  );
}

function PlayNextButton({ slug, entryHref }: Omit<Props, 'messages'>) {
  const t = useT();
  const id = useId();
  const hydrated = useHydrated();
  const session = useIslandStore($session, UNKNOWN_SESSION);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);

  useEffect(() => void loadSession(), []);

  const visitor = session.status === 'anonymous';
  async function go() {
    setBusy(true);
    setNote(null);
    try {
      await loadSession();
      const next = await api<NextEntryDto>(`/jams/${encodeURIComponent(slug)}/next-entry`);
      if (next.entry) {
        window.location.assign(`${entryHref.replace('{id}', String(next.entry.id))}#play`);
        return; // stays busy while the entry's page loads
      }
      setNote(next.reason === 'all-played' ? t('playNext.allPlayed') : t('playNext.noEntries'));
    } catch {
      setNote(t('playNext.failed'));
    }
    setBusy(false);
  }

  return (
    <div>
      <div className={styles.box}>
        <button
          type="button"
          className={`button primary ${styles.button}`}
          disabled={!hydrated || busy}
          aria-busy={busy || undefined}
          aria-describedby={`${id}-hint`}
          onClick={go}
        >
          <span aria-hidden="true">▶</span> {visitor ? t('playNext.random') : t('playNext.button')}
        </button>
        <p id={`${id}-hint`} className={styles.hint}>
          {busy ? t('playNext.finding') : visitor ? t('playNext.randomHint') : t('playNext.hint')}
        </p>
      </div>
      <p className={note ? styles.note : styles.empty} role="status">
        {note}
      </p>
    </div>
  );
}

export default renderedByReact(PlayNext);
