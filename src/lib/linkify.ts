/**
 * Plain text from Scratch (a project's Instructions, Notes and Credits) as lines of text and link
 * pieces, for pages to render as text nodes: no HTML is ever interpreted. Only http(s) addresses
 * become links; trailing punctuation stays text.
 */
export type TextPiece = { text: string } | { text: string; href: string };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const TRAILING = /[.,;:!?)\]}]+$/;

export function linkifyLine(line: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const match of line.matchAll(URL_PATTERN)) {
    let candidate = match[0];
    const trailing = TRAILING.exec(candidate)?.[0] ?? '';
    candidate = candidate.slice(0, candidate.length - trailing.length);
    let href: string | null = null;
    try {
      const url = new URL(candidate);
      if (url.protocol === 'http:' || url.protocol === 'https:') href = url.href;
    } catch {
      href = null;
    }
    const start = match.index;
    if (start > last) pieces.push({ text: line.slice(last, start) });
    pieces.push(href ? { text: candidate, href } : { text: candidate });
    last = start + candidate.length;
  }
  if (last < line.length) pieces.push({ text: line.slice(last) });
  return pieces;
}

/** One array of pieces per line; blank text gives no lines. */
export function linkifyText(text: string): TextPiece[][] {
  const trimmed = text.replace(/\r\n?/g, '\n').trim();
  if (!trimmed) return [];
  return trimmed.split('\n').map(linkifyLine);
}
