import type { CSSProperties } from 'react';

export interface AvatarProps {
  username: string;
  src?: string | null;
  /** CSS length, e.g. "2rem". */
  size?: string;
}

/**
 * A user's round picture over their initial: when the picture is missing or fails to load
 * (`data-failed`), the initial on the accent colour shows instead. Decorative: the name is
 * always written next to it. For islands; Astro files use Avatar.astro, the same markup.
 */
export default function Avatar({ username, src, size = '2rem' }: AvatarProps) {
  return (
    <span className="avatar avatar-placeholder" style={{ '--avatar-size': size } as CSSProperties} aria-hidden="true">
      {username.slice(0, 1)}
      {/* The page's image-failure listener may mark it `data-failed` before the island hydrates. */}
      {src && <img src={src} alt="" loading="lazy" decoding="async" suppressHydrationWarning />}
    </span>
  );
}
