import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useT } from '#i18n/react';
import { scratchEmbedUrl } from '#lib/scratch-url';
import Picture from '#components/ui/Picture.tsx';
import { useHydrated } from '#islands/ui/use-hydrated.ts';
import styles from '#islands/Entries.module.css';
import { recordPlay } from './record-play';

interface Props {
  /** The jam and entry whose play is counted when someone logged in opens the player. */
  slug: string;
  entryId: number;
  scratchId: number;
  title: string;
  /** Scratch's 480×360 thumbnail; the entry's generated art shows without it or when it fails. */
  thumbnail: string | null;
  seed: string;
  /** Drawn on the thumbnail (the winner / community ribbons). */
  children?: ReactNode;
  /** Where Play leads instead of opening Scratch's player here: the entry's page, when the jam is judged on its jam version. */
  playHref?: string;
}

/**
 * The card's picture, and in its place the Scratch player once someone asks to play: the player
 * is heavy, so it is only loaded then. Closing it brings the thumbnail back. Opening it counts a
 * play for someone logged in (once per person and entry; in the background).
 */
export function PlayToggle({ slug, entryId, scratchId, title, thumbnail, seed, children, playHref }: Props) {
  const t = useT();
  const [playing, setPlaying] = useState(false);
  const hydrated = useHydrated();
  const playButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const toggled = useRef(false);

  // Keep the keyboard where the person is: on Close once the player opens, back on Play after.
  useEffect(() => {
    if (!toggled.current) return;
    (playing ? closeButton : playButton).current?.focus();
  }, [playing]);
  const toggle = (next: boolean) => {
    toggled.current = true;
    setPlaying(next);
    if (next) recordPlay(slug, entryId);
  };

  if (playing) {
    return (
      <div className={`play ${styles.player}`}>
        <div className={styles.playerBar}>
          <button ref={closeButton} type="button" className="button small" onClick={() => toggle(false)}>
            <span aria-hidden="true">✕</span> {t('entry.closePlayer')}
          </button>
        </div>
        <iframe
          className={`scratch-player ${styles.frame}`}
          src={scratchEmbedUrl(scratchId)}
          title={`${t('entry.player')}: ${title}`}
          width="485"
          height="402"
          allowFullScreen
        />
      </div>
    );
  }
  return (
    <Picture src={thumbnail} seed={seed} ratio="4 / 3" width={480} height={360} className={`entry-thumbnail ${styles.thumbnail}`}>
      {children}
      {playHref ? (
        <a className={`button primary ${styles.playButton}`} href={playHref}>
          <span aria-hidden="true">▶</span> {t('entry.play')}
        </a>
      ) : (
        <button
          ref={playButton}
          type="button"
          className={`button primary ${styles.playButton}`}
          disabled={!hydrated}
          onClick={() => toggle(true)}
        >
          <span aria-hidden="true">▶</span> {t('entry.play')}
        </button>
      )}
    </Picture>
  );
}
