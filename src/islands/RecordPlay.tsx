import { useEffect } from 'react';
import { renderedByReact } from '#lib/astro-renderer';
import { recordPlay } from './entries/record-play';

interface Props {
  slug: string;
  entryId: number;
}

/**
 * The entry page shows its player open: the page counts a play for someone logged in as it loads
 * (once per person and entry, in the background). Draws nothing.
 */
function RecordPlay({ slug, entryId }: Props) {
  useEffect(() => recordPlay(slug, entryId), [slug, entryId]);
  return null;
}

export default renderedByReact(RecordPlay);
