/** How a moment reads before the browser knows the viewer's time zone: `2026-11-23 10:40 UTC`. */
export const utcText = (iso: string) => `${iso.replace('T', ' ').slice(0, 16)} UTC`;

interface MomentFormat {
  format(date: Date): string;
}

/**
 * CLDR's medium date and short time for the site's three languages, written out: the first
 * Intl.DateTimeFormat a page makes loads the browser's date data, a long task of about 40 ms on a
 * phone (160 ms at Lighthouse's 4× slowdown) on every page that shows a moment. These read the
 * viewer's zone through Date's getters, which cost nothing; tests/unit/local-time.test.ts holds
 * them equal to Intl's output. Any other language goes to Intl.
 */
const MONTHS = {
  en: 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec',
  hu: 'jan. febr. márc. ápr. máj. jún. júl. aug. szept. okt. nov. dec.',
  ga: 'Ean Feabh Márta Aib Beal Meith Iúil Lún MFómh DFómh Samh Noll',
};
type Written = keyof typeof MONTHS;
const two = (n: number) => String(n).padStart(2, '0');

const WRITTEN: Record<Written, (date: Date, dateOnly: boolean) => string> = {
  en(date, dateOnly) {
    const day = `${month('en', date)} ${date.getDate()}, ${date.getFullYear()}`;
    const hour = date.getHours() % 12 || 12;
    return dateOnly ? day : `${day}, ${hour}:${two(date.getMinutes())} ${date.getHours() < 12 ? 'AM' : 'PM'}`;
  },
  hu(date, dateOnly) {
    const day = `${date.getFullYear()}. ${month('hu', date)} ${date.getDate()}.`;
    return dateOnly ? day : `${day} ${date.getHours()}:${two(date.getMinutes())}`;
  },
  ga(date, dateOnly) {
    const day = `${date.getDate()} ${month('ga', date)} ${date.getFullYear()}`;
    return dateOnly ? day : `${day}, ${two(date.getHours())}:${two(date.getMinutes())}`;
  },
};
const month = (lang: Written, date: Date) => MONTHS[lang].split(' ')[date.getMonth()]!;

const formats = new Map<string, MomentFormat>();

/** The viewer's own format for a moment, in the page's language and the browser's time zone. */
export function localFormat(lang: string, dateOnly = false): MomentFormat {
  if (lang in WRITTEN) return { format: (date) => WRITTEN[lang as Written](date, dateOnly) };
  const key = `${lang}|${dateOnly}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(lang || undefined, { dateStyle: 'medium', ...(dateOnly ? {} : { timeStyle: 'short' }) });
    formats.set(key, format);
  }
  return format;
}
