/**
 * When the notes' mute ends, as the reader reads it (issue 41): how long from now ("in 4 minutes")
 * and the clock time in their own time zone. The server sends only the instant (`mutedUntil`).
 * Intl says both where the browser knows the language; where it does not (Chromium ships no Irish
 * data) the page's own `inMinutes` text and a 24-hour clock stand in, so one sentence never mixes
 * two languages.
 */
export interface UntilText {
  /** "in 4 minutes", in the page's language. */
  relative: string;
  /** "2:35 PM" (or "14:35"), in the reader's time zone (or `timeZone`). */
  clock: string;
}

export interface UntilOptions {
  now?: number;
  /** Only for tests: the reader's zone is the browser's. */
  timeZone?: string;
  /** The page's own words for "in {count} minutes", where Intl lacks the language. */
  inMinutes?: (count: number) => string;
}

const knows = (format: { supportedLocalesOf(locales: string[]): string[] }, lang: string) =>
  lang !== '' && format.supportedLocalesOf([lang]).length > 0;

export function untilText(
  untilIso: string,
  lang: string,
  { now = Date.now(), timeZone, inMinutes }: UntilOptions = {},
): UntilText {
  const until = new Date(untilIso);
  const minutes = Math.max(1, Math.ceil((until.getTime() - now) / 60_000));
  const relative =
    inMinutes && !knows(Intl.RelativeTimeFormat, lang)
      ? inMinutes(minutes)
      : new Intl.RelativeTimeFormat(lang || undefined, { numeric: 'always' }).format(minutes, 'minute');
  const clock = knows(Intl.DateTimeFormat, lang)
    ? new Intl.DateTimeFormat(lang, { hour: 'numeric', minute: '2-digit', timeZone }).format(until)
    : new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(until);
  return { relative, clock };
}
