/**
 * The jam page, live (issue 44, ADR 044): opens the jam's event stream once JavaScript runs. New
 * entries slide in under "Just in", the counters tick, a phase says what changed, and `results`
 * reveals the winners on every open page at once. The page's cached HTML stays what it was: without
 * JavaScript or without the stream, nothing here shows.
 */
import { useEffect, useState } from 'react';
import { translated, useT } from '#i18n/react';
import { localizePath } from '#i18n/paths';
import type { LocaleCode } from '#i18n/codes';
import { api } from '#client/api-client';
import type { LiveCounts, LiveEntry, LiveEntryAdded, LiveEntryWithdrawn, LivePhaseEvent } from '#lib/schemas/live';
import type { WinnersDto } from '#lib/schemas/entries';
import Picture from '#components/ui/Picture.tsx';
import { httpUrlOrNull } from '#lib/safe-url';
import styles from './live/LiveJam.module.css';

/** Keys the island translates with (see `islandMessages`). */
export const LIVE_JAM_KEYS = ['live.', 'jam.joinedCount', 'jam.submissionsTab'] as const;

/** The cached page's own counters (the timing box, the Submissions tab and heading) say what the stream says. */
function tickPageCounters(counts: LiveCounts, t: ReturnType<typeof useT>) {
  const participants = t('jam.joinedCount', { count: counts.participants });
  for (const element of document.querySelectorAll('[data-participant-count]')) element.textContent = participants;
  const submissions = t('jam.submissionsTab', { count: counts.entries });
  for (const element of document.querySelectorAll('#submissions-tab, #submissions-heading')) element.textContent = submissions;
}

interface Props {
  slug: string;
  locale: LocaleCode;
}

export default translated(LiveJam);

/** How many new entries "Just in" shows. */
const SHOWN = 6;

function LiveJam({ slug, locale }: Props) {
  const t = useT();
  const [entries, setEntries] = useState<LiveEntry[]>([]);
  const [counts, setCounts] = useState<LiveCounts | null>(null);
  const [phase, setPhase] = useState<LivePhaseEvent['phase'] | null>(null);
  const [winners, setWinners] = useState<WinnersDto | null>(null);
  const [revealed, setRevealed] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/jams/${encodeURIComponent(slug)}/events`);
    const on = <T,>(name: string, handle: (data: T) => void) =>
      source.addEventListener(name, (event) => handle(JSON.parse((event as MessageEvent<string>).data) as T));
    on<LiveEntryAdded>('entry-added', ({ entry }) => {
      if (!entry) return;
      setEntries((shown) => [entry, ...shown.filter((each) => each.id !== entry.id)].slice(0, SHOWN));
      setAnnouncement(t('live.newEntry', { title: entry.title, author: entry.authorName }));
    });
    on<LiveEntryWithdrawn>('entry-withdrawn', ({ entryId }) =>
      setEntries((shown) => shown.filter((each) => each.id !== entryId)),
    );
    on<LiveCounts>('counts', (next) => {
      setCounts(next);
      tickPageCounters(next, t);
    });
    on<LivePhaseEvent>('phase', (data) => {
      setPhase(data.phase);
      setAnnouncement(t(`live.phase.${data.phase}`));
    });
    on('results', () => {
      setRevealed(true);
      setAnnouncement(t('live.resultsOut'));
      api<WinnersDto>(`/jams/${encodeURIComponent(slug)}/winners`).then(setWinners, () => undefined);
    });
    return () => source.close();
  }, [slug, t]);

  const winner = winners?.winner ?? winners?.communityChoice ?? winners?.judgesChoice ?? null;
  const entryPath = (id: number) => localizePath(locale, `/jams/${slug}/entries/${id}`);
  const visible = revealed || phase !== null || counts !== null || entries.length > 0;
  return (
    <div className={styles.live} data-live={visible ? 'on' : 'off'}>
      <p className="visually-hidden" aria-live="polite" data-live-announcement>
        {announcement}
      </p>
      {revealed && (
        <section className={styles.results} aria-labelledby="live-results-heading" data-live-results>
          <span className={styles.burst} aria-hidden="true" />
          <h2 id="live-results-heading" className={styles.resultsHeading}>
            {t('live.resultsOut')}
          </h2>
          {winner && (
            <p className={styles.winner} data-live-winner>
              {t('live.winner', { title: winner.title, author: winner.authorName })}
            </p>
          )}
          <a className="button primary" href={`${localizePath(locale, `/jams/${slug}`)}#results`} data-live-see-results>
            {t('live.seeResults')}
          </a>
        </section>
      )}
      {phase && !revealed && (
        <p className={`notice ${styles.phase}`} data-live-phase={phase}>
          {t(`live.phase.${phase}`)} <a href={localizePath(locale, `/jams/${slug}`)}>{t('live.reload')}</a>
        </p>
      )}
      {counts && (
        <p className={styles.counts} data-live-counts>
          <span className={styles.dot} aria-hidden="true" />
          {t('live.label')} · {t('live.entries', { count: counts.entries })} ·{' '}
          {t('live.participants', { count: counts.participants })}
        </p>
      )}
      {entries.length > 0 && (
        <section className={styles.justIn} aria-labelledby="live-just-in">
          <h2 id="live-just-in" className={styles.justInHeading}>
            {t('live.justIn')}
          </h2>
          <ul className={`card-list ${styles.list}`} data-live-entries>
            {entries.map((entry) => (
              <li key={entry.id} className={styles.entry} data-live-entry={entry.id}>
                <Picture
                  src={httpUrlOrNull(entry.thumbnailUrl)}
                  seed={String(entry.id)}
                  ratio="4 / 3"
                  width={96}
                  height={72}
                  className={styles.thumbnail}
                />
                <a href={entryPath(entry.id)}>{entry.title}</a>
                <span className={styles.author}>{t('live.by', { author: entry.authorName })}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
