/** How a moment reads before the browser knows the viewer's time zone: `2026-11-23 10:40 UTC`. */
export const utcText = (iso: string) => `${iso.replace('T', ' ').slice(0, 16)} UTC`;

/** The viewer's own format for a moment, in the page's language and the browser's time zone. */
export const localFormat = (lang: string, dateOnly = false) =>
  new Intl.DateTimeFormat(lang || undefined, { dateStyle: 'medium', ...(dateOnly ? {} : { timeStyle: 'short' }) });
