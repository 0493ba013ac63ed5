import { useState } from 'react';

interface Props {
  scratchId: number;
  title: string;
  labels: { play: string; close: string; player: string };
}

/** The Scratch player is heavy: it is only loaded when someone asks to play. */
export default function PlayButton({ scratchId, title, labels }: Props) {
  const [playing, setPlaying] = useState(false);
  return (
    <div className="play">
      <button type="button" className="button" aria-expanded={playing} onClick={() => setPlaying(!playing)}>
        {playing ? labels.close : labels.play}
      </button>
      {playing && (
        <iframe
          className="scratch-player"
          src={`https://scratch.mit.edu/projects/${scratchId}/embed`}
          title={`${labels.player}: ${title}`}
          width="485"
          height="402"
          allowFullScreen
        />
      )}
    </div>
  );
}
