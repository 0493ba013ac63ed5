import type { CSSProperties, ReactNode } from 'react';
import { artProperties } from '#lib/art';

export interface PictureProps {
  /** The image's address; without one (or when it fails to load) the generated art shows. */
  src?: string | null;
  /** What the art is generated from: a jam's slug, an entry's id. */
  seed: string;
  alt?: string;
  /** CSS aspect ratio, e.g. "16 / 9" (jam covers) or "4 / 3" (Scratch projects). */
  ratio?: string;
  width?: number;
  height?: number;
  eager?: boolean;
  className?: string;
  children?: ReactNode;
}

/**
 * A picture that never breaks: generated art is always painted behind the image, and an image
 * that fails to load is hidden (`data-failed`, set by the page's image-failure listener).
 * For islands; Astro files use Picture.astro, the same markup without a React render (ADR 022).
 */
export default function Picture({
  src,
  seed,
  alt = '',
  ratio = '16 / 9',
  width,
  height,
  eager,
  className,
  children,
}: PictureProps) {
  const style = { ...artProperties(seed), '--ratio': ratio } as CSSProperties;
  return (
    <div className={className ? `picture ${className}` : 'picture'} style={style}>
      {/* The page's image-failure listener may mark it `data-failed` before the island hydrates. */}
      {src && (
        <img
          src={src}
          alt={alt}
          width={width}
          height={height}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          suppressHydrationWarning
        />
      )}
      {children}
    </div>
  );
}
