import { localFormat, utcText } from '#lib/local-time';
import { useHydrated } from './use-hydrated';

/** A moment: UTC in the server's HTML, the viewer's own time zone once the island runs. */
export function LocalTime({ iso, dateOnly = false }: { iso: string; dateOnly?: boolean }) {
  const hydrated = useHydrated();
  const date = new Date(iso);
  const text = hydrated ? localFormat(document.documentElement.lang, dateOnly).format(date) : utcText(iso);
  return <time dateTime={iso}>{text}</time>;
}
