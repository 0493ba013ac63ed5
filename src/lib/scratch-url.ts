/**
 * Accepts https://scratch.mit.edu/projects/{id} with or without a trailing slash, /fullscreen,
 * /embed or /editor, a query or a hash; anything else is not a Scratch project URL.
 */
const PROJECT_URL = /^https:\/\/scratch\.mit\.edu\/projects\/(\d{1,12})(?:\/(?:fullscreen|embed|editor)?)?\/?(?:[?#].*)?$/i;

export function parseScratchProjectUrl(input: string): number | null {
  const match = PROJECT_URL.exec(input.trim());
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export const scratchProjectUrl = (id: number) => `https://scratch.mit.edu/projects/${id}`;
export const scratchEmbedUrl = (id: number) => `https://scratch.mit.edu/projects/${id}/embed`;
/** Scratch's own 480×360 (4:3) thumbnail of a shared project. */
export const scratchThumbnailUrl = (id: number) => `https://cdn2.scratch.mit.edu/get_image/project/${id}_480x360.png`;
