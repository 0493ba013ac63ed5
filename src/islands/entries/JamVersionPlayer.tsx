import { useEffect, useRef, useState } from 'react';
import { translated, useLanguage, useT } from '#i18n/react';
import { useHydrated } from '#islands/ui/use-hydrated.ts';
import { recordPlay } from './record-play';
import styles from './JamVersionPlayer.module.css';

interface Props {
  slug: string;
  entryId: number;
  title: string;
  /** Where the `.sb3` is downloaded, on this site. */
  fileUrl: string;
  /** The jam plays the jam version for judging: opening it is the play that counts (ADR 050). */
  countsAsPlay: boolean;
}

type Phase = 'idle' | 'loading' | 'ready' | 'failed';
interface FromPlayer {
  source?: string;
  type?: string;
  running?: boolean;
  silentMusic?: boolean;
}

/**
 * "Play the jam version" (issue 56 §4, ADR 050): nothing of the player is loaded until the button is
 * pressed. Then the player's page opens in a sandboxed frame (scripts only, an origin of its own), the
 * `.sb3` is downloaded from this site and handed to it, and the green flag, stop and full screen
 * buttons here drive it. The frame reaches nothing itself.
 */
function JamVersionPlayer({ slug, entryId, title, fileUrl, countsAsPlay }: Props) {
  const t = useT();
  const locale = useLanguage();
  const hydrated = useHydrated();
  const [phase, setPhase] = useState<Phase>('idle');
  const [running, setRunning] = useState(false);
  const [silentMusic, setSilentMusic] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const project = useRef<Promise<ArrayBuffer> | null>(null);

  useEffect(() => {
    if (phase === 'idle') return;
    const onMessage = (event: MessageEvent<FromPlayer>) => {
      if (event.source !== frame.current?.contentWindow || event.data?.source !== 'jam-player') return;
      const send = (message: unknown, transfer: Transferable[] = []) =>
        frame.current?.contentWindow?.postMessage(message, '*', transfer);
      if (event.data.type === 'ready') {
        project.current!.then((bytes) => send({ type: 'load', project: bytes }, [bytes])).catch(() => setPhase('failed'));
      } else if (event.data.type === 'loaded') {
        // Ready for the green flag, as Scratch's own player is: nothing runs before it.
        setPhase('ready');
        setSilentMusic(event.data.silentMusic === true);
      } else if (event.data.type === 'failed') setPhase('failed');
      else if (event.data.type === 'running') setRunning(Boolean(event.data.running));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [phase]);

  const start = () => {
    project.current = fetch(fileUrl, { credentials: 'same-origin' }).then((response) => {
      if (!response.ok) throw new Error(String(response.status));
      return response.arrayBuffer();
    });
    project.current.catch(() => setPhase('failed'));
    setPhase('loading');
    if (countsAsPlay) recordPlay(slug, entryId);
  };
  const command = (type: 'green-flag' | 'stop') => {
    frame.current?.contentWindow?.postMessage({ type }, '*');
    frame.current?.focus();
  };
  const fullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void box.current?.requestFullscreen?.().then(() => frame.current?.focus());
  };

  if (phase === 'idle') {
    return (
      <div className={styles.poster}>
        <button type="button" className={`button primary ${styles.play}`} onClick={start} disabled={!hydrated}>
          <span aria-hidden="true">▶</span> {t('jamVersion.play')}
        </button>
        <p className={styles.hint}>{t('jamVersion.playHint')}</p>
      </div>
    );
  }
  return (
    <div className={styles.player} ref={box}>
      <div className={styles.bar} role="toolbar" aria-label={t('jamVersion.controls')}>
        <button type="button" className={styles.control} onClick={() => command('green-flag')} disabled={phase !== 'ready'}>
          <svg aria-hidden="true" viewBox="0 0 16 16" className={styles.flag}>
            <path d="M3 1.5v13M3 2.5c3-1.6 5 1.6 9 0v7c-4 1.6-6-1.6-9 0" />
          </svg>
          <span className={styles.label}>{t('jamVersion.greenFlag')}</span>
        </button>
        <button type="button" className={styles.control} onClick={() => command('stop')} disabled={phase !== 'ready'}>
          <svg aria-hidden="true" viewBox="0 0 16 16" className={styles.stop}>
            <path d="M5.3 1.5h5.4l3.8 3.8v5.4l-3.8 3.8H5.3l-3.8-3.8V5.3z" />
          </svg>
          <span className={styles.label}>{t('jamVersion.stop')}</span>
        </button>
        <span className={styles.status} role="status">
          {phase === 'loading'
            ? t('jamVersion.loading')
            : phase === 'failed'
              ? t('jamVersion.failed')
              : running
                ? t('jamVersion.running')
                : ''}
        </span>
        <button type="button" className={styles.control} onClick={fullscreen} disabled={phase === 'failed'}>
          <svg aria-hidden="true" viewBox="0 0 16 16" className={styles.icon}>
            <path d="M2 6V2h4M10 2h4v4M14 10v4h-4M6 14H2v-4" />
          </svg>
          <span className={styles.label}>{t('jamVersion.fullscreen')}</span>
        </button>
      </div>
      <iframe
        ref={frame}
        className={styles.stage}
        src={`/play/jam-version/${entryId}?lang=${encodeURIComponent(locale)}`}
        title={`${t('jamVersion.playerTitle')}: ${title}`}
        sandbox="allow-scripts"
        allow="fullscreen 'none'; camera 'none'; microphone 'none'"
        referrerPolicy="no-referrer"
        width="480"
        height="360"
      />
      {silentMusic && <p className={styles.note}>{t('jamVersion.silentMusic')}</p>}
    </div>
  );
}

export default translated(JamVersionPlayer);
