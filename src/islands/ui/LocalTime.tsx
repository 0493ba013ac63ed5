import { useHydrated } from './use-hydrated';

/** A moment: UTC in the server's HTML, the viewer's own time zone once the island runs. */
export function LocalTime({ iso, dateOnly = false }: { iso: string; dateOnly?: boolean }) {
  const hydrated = useHydrated();
  const date = new Date(iso);
  const text = hydrated
    ? new Intl.DateTimeFormat(document.documentElement.lang || undefined, {
        dateStyle: 'medium',
        ...(dateOnly ? {} : { timeStyle: 'short' }),
      }).format(date)
    : `${iso.replace('T', ' ').slice(0, 16)} UTC`;
  return <time dateTime={iso}>{text}</time>;
}
