import type { KudosSticker } from '#lib/feedback';

/** Each sticker's picture: simple shapes drawn in the current colour, so every colour mode colours them. */
const PATHS: Record<KudosSticker, string> = {
  // A game controller.
  fun: 'M7 8h10a5 5 0 0 1 4.9 6l-.6 2.7a2.4 2.4 0 0 1-4.1 1.1L15 16H9l-2.2 1.8a2.4 2.4 0 0 1-4.1-1.1L2.1 14A5 5 0 0 1 7 8zm0 2.5v1.5H5.5v1.5H7V15h1.5v-1.5H10V12H8.5v-1.5zm9.5.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2zm-2 2a1 1 0 1 0 0 2 1 1 0 0 0 0-2z',
  // A painter's palette.
  art: 'M12 3a9 9 0 0 0 0 18c1.4 0 2-.9 2-1.8 0-.5-.2-.9-.5-1.3-.3-.4-.5-.8-.5-1.3 0-1 .8-1.6 1.8-1.6H17a4 4 0 0 0 4-4C21 6.6 17 3 12 3zM7 12a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3zm3-4a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3zm5 0a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3zm3 4a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3z',
  // Two music notes.
  sounds: 'M9 4l11-2v13.5a3 3 0 1 1-2-2.8V6.4l-7 1.3v9.8a3 3 0 1 1-2-2.8z',
  // A light bulb.
  idea: 'M12 2a7 7 0 0 0-4 12.7V17a1 1 0 0 0 1 1h6a1 1 0 0 0 1-1v-2.3A7 7 0 0 0 12 2zm-3 17h6v1a2 2 0 0 1-2 2h-2a2 2 0 0 1-2-2z',
  // A laughing face.
  funny:
    'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zM8 8.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3zm8 0a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3zM6.5 13.5h11a5.5 5.5 0 0 1-11 0z',
  // A target.
  theme:
    'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 3a7 7 0 1 1 0 14 7 7 0 0 1 0-14zm0 3a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm0 2.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3z',
  // A sparkle.
  polished: 'M12 1l2.6 7.4L22 11l-7.4 2.6L12 21l-2.6-7.4L2 11l7.4-2.6zM19 16l1 2.5 2.5 1-2.5 1-1 2.5-1-2.5-2.5-1 2.5-1z',
  // A heart with a plus.
  more: 'M12 21s-8-5.1-8-11a4.5 4.5 0 0 1 8-2.9A4.5 4.5 0 0 1 20 10c0 5.9-8 11-8 11zm-1-12v2H9v2h2v2h2v-2h2v-2h-2V9z',
};

export function KudosIcon({ sticker }: { sticker: KudosSticker }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d={PATHS[sticker]} fill="currentColor" fillRule="evenodd" />
    </svg>
  );
}
