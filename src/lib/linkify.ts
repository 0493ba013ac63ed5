/**
 * Text written by people (notes; a project's Instructions, Notes and Credits from Scratch) as lines
 * of text and link pieces, for pages to render as text nodes: no HTML is ever interpreted.
 *
 * Only Scratch's own pages become links — projects, studios, users and discussion topics on
 * scratch.mit.edu — and the address is rebuilt from what was matched
 * (`https://scratch.mit.edu/projects/{id}/`), never copied from the text. So whatever the note
 * filter misses, no text can make a live link anywhere else (issue 41 §1). The text is read as
 * `shownText` (NFKC, invisible characters out), the reading the filter judges.
 */
import { shownText } from '#lib/note-text';

export type TextPiece = { text: string } | { text: string; href: string };

export const SCRATCH_ORIGIN = 'https://scratch.mit.edu';

export const SCRATCH_LINK =
  /(?<![\p{L}\p{N}_.@/:-])(?:https?:\/\/)?(?:www\.)?scratch\.mit\.edu\/(?:(projects|studios)\/(\d{1,12})|(users)\/([A-Za-z0-9_-]{1,20})|discuss\/(topic)\/(\d{1,12}))(?:\/[a-z]{0,20})?\/?(?![\p{L}\p{N}_@/-]|\.[\p{L}\p{N}])/giu;

function hrefFor(match: RegExpMatchArray): string {
  const [, kind, id, users, name, topic, topicId] = match;
  if (kind) return `${SCRATCH_ORIGIN}/${kind.toLowerCase()}/${id}/`;
  if (users) return `${SCRATCH_ORIGIN}/users/${name}/`;
  return `${SCRATCH_ORIGIN}/discuss/${topic!.toLowerCase()}/${topicId}/`;
}

export function linkifyLine(line: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const match of line.matchAll(SCRATCH_LINK)) {
    const start = match.index;
    if (start > last) pieces.push({ text: line.slice(last, start) });
    pieces.push({ text: match[0], href: hrefFor(match) });
    last = start + match[0].length;
  }
  if (last < line.length) pieces.push({ text: line.slice(last) });
  return pieces;
}

/** One array of pieces per line; blank text gives no lines. */
export function linkifyText(text: string): TextPiece[][] {
  const trimmed = shownText(text.replace(/\r\n?/g, '\n')).trim();
  if (!trimmed) return [];
  return trimmed.split('\n').map(linkifyLine);
}
