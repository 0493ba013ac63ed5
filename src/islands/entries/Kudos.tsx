import { useEffect, useState } from 'react';
import type { IslandMessages } from '#i18n/island';
import { IslandI18n, useT } from '#i18n/react';
import { api } from '#client/api-client';
import { renderedByReact } from '#lib/astro-renderer';
import { KUDOS_STICKERS, type KudosSticker } from '#lib/feedback';
import type { KudosDto } from '#lib/schemas/kudos';
import { pushToast } from '#stores/toasts';
import { loadEntryViewer } from '#stores/page-viewer';
import { $session, loadSession } from '#stores/session';
import { useHydrated } from '#islands/ui/use-hydrated.ts';
import { KudosIcon } from './KudosIcon';
import styles from './Kudos.module.css';
import { reportFailure } from '#client/report-failure';

interface Props {
  messages: IslandMessages;
  slug: string;
  entryId: number;
  /** The counts as the cached page has them (nobody's own stickers). */
  initial: KudosDto;
}

/**
 * The entry page's kudos: eight stickers, each a toggle button with its count. The page is the same
 * for everyone (cached); once hydrated, a logged-in reader's own stickers come from the page's viewer
 * document.
 */
function Kudos({ messages, ...props }: Props) {
  return (
    <IslandI18n messages={messages}>
      <KudosStickers {...props} />
    </IslandI18n>
  );
}

function KudosStickers({ slug, entryId, initial }: Omit<Props, 'messages'>) {
  const t = useT();
  const hydrated = useHydrated();
  const [kudos, setKudos] = useState(initial);
  const [busy, setBusy] = useState<KudosSticker | null>(null);
  const path = `/jams/${encodeURIComponent(slug)}/entries/${entryId}/kudos`;

  useEffect(() => {
    void loadSession().then(async () => {
      if ($session.get().status !== 'authenticated') return;
      try {
        // The page's viewer document has them (ADR 034); elsewhere, the API.
        const mine = (await loadEntryViewer(slug, entryId).catch(() => null))?.kudos;
        setKudos(mine ?? (await api<KudosDto>(path)));
      } catch {
        // The counts the page came with stand; a click will say what is wrong.
      }
    });
  }, [slug, entryId, path]);

  async function toggle(sticker: KudosSticker) {
    await loadSession();
    if ($session.get().status !== 'authenticated') {
      pushToast({ type: 'warning', content: { message: t('kudos.loginToGive') } });
      return;
    }
    const given = kudos.mine?.includes(sticker) ?? false;
    setBusy(sticker);
    try {
      setKudos(await api<KudosDto>(`${path}/${sticker}`, { method: given ? 'DELETE' : 'PUT' }));
    } catch (error) {
      reportFailure(t('kudos.failed'), error, { reason: 'instead', quiet: true });
    } finally {
      setBusy(null);
    }
  }

  const closed = kudos.feedback === 'off';
  return (
    <>
      <p className={styles.intro}>{kudos.own ? t('kudos.ownEntry') : kudos.total === 0 ? t('kudos.none') : t('kudos.intro')}</p>
      <ul className={styles.stickers}>
        {KUDOS_STICKERS.map((sticker) => {
          const given = kudos.mine?.includes(sticker) ?? false;
          const count = kudos.counts[sticker];
          return (
            <li key={sticker}>
              <button
                type="button"
                className={`${styles.sticker} ${styles[sticker]}${given ? ` ${styles.given}` : ''}`}
                aria-pressed={given}
                aria-busy={busy === sticker || undefined}
                disabled={!hydrated || busy !== null || kudos.own || (closed && !given)}
                onClick={() => void toggle(sticker)}
              >
                <span className={styles.icon}>
                  <KudosIcon sticker={sticker} />
                </span>
                <span className={styles.label}>{t(`kudos.sticker.${sticker}`)}</span>
                <span className={styles.count} aria-live="polite">
                  <span className="visually-hidden">: </span>
                  {count}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </>
  );
}

export default renderedByReact(Kudos);
