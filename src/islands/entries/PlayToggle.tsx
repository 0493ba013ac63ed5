import { useState } from 'react';
import { useT } from '../../i18n/react';
import { scratchEmbedUrl } from '../../lib/scratch-url';
import { useHydrated } from '../ui/use-hydrated';

/** The Scratch player is heavy: it is only loaded when someone asks to play. */
export function PlayToggle({ scratchId, title }: { scratchId: number; title: string }) {
  const t = useT();
  const [playing, setPlaying] = useState(false);
  const hydrated = useHydrated();
  return (
    <div className="play">
      <button type="button" className="button" disabled={!hydrated} aria-expanded={playing} onClick={() => setPlaying(!playing)}>
        {playing ? t('entry.closePlayer') : t('entry.play')}
      </button>
      {playing && (
        <iframe
          className="scratch-player"
          src={scratchEmbedUrl(scratchId)}
          title={`${t('entry.player')}: ${title}`}
          width="485"
          height="402"
          allowFullScreen
        />
      )}
    </div>
  );
}
