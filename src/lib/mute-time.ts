/**
 * When the notes' mute ends, as the reader reads it (issue 41): how long from now ("in 4 minutes")
 * and the clock time in their own time zone. The server sends only the instant (`mutedUntil`).
 */
export interface UntilText {
  /** "in 4 minutes", in the page's language. */
  relative: string;
  /** "2:35 PM", in the reader's time zone (or `timeZone`). */
  clock: string;
}

export function untilText(untilIso: string, lang: string, now = Date.now(), timeZone?: string): UntilText {
  const until = new Date(untilIso);
  const minutes = Math.max(1, Math.ceil((until.getTime() - now) / 60_000));
  const locale = lang || undefined;
  return {
    relative: new Intl.RelativeTimeFormat(locale, { numeric: 'always' }).format(minutes, 'minute'),
    clock: new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone }).format(until),
  };
}
