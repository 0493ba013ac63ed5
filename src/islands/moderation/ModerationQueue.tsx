import type { IslandMessages } from '#i18n/island';
import { translated, useT } from '#i18n/react';
import type { ReportQueueDto, ReportedItemDto } from '#lib/schemas/reports';
import { LocalTime } from '../ui/LocalTime';
import { HeldNotes } from './HeldNotes';
import { ModerationActions } from './ModerationActions';
import styles from './ModerationQueue.module.css';

interface Props {
  messages: IslandMessages;
  queue: ReportQueueDto;
  /** Localized addresses: `{slug}` and `{id}` are filled in. */
  jamHref: string;
  entryHref: string;
}

/**
 * The moderation queue of the dashboard: each reported item with its reasons, what the reporters
 * wrote (and who they are, for administrators) and the actions. Rendered on the server too, so the
 * list reads without JavaScript; the actions need it.
 */
export default translated(ModerationQueue);

function ModerationQueue({ queue, jamHref, entryHref }: Omit<Props, 'messages'>) {
  const t = useT();
  const held = <HeldNotes held={queue.held ?? []} texts={queue.heldTexts ?? []} entryHref={entryHref} jamHref={jamHref} />;
  if (queue.items.length === 0)
    return (
      <>
        {held}
        <p className={styles.empty}>{t('moderation.empty')}</p>
      </>
    );
  const hrefOf = (item: ReportedItemDto) =>
    item.entry
      ? entryHref.replace('{slug}', item.jam.slug).replace('{id}', String(item.entry.id)) + (item.note ? '#notes' : '')
      : jamHref.replace('{slug}', item.jam.slug);
  return (
    <>
      {held}
      <ul className={`card-list ${styles.items}`}>
        {queue.items.map((item) => (
          <li key={item.key} className={`card ${styles.item}`} data-item={item.key}>
            <ItemSummary item={item} href={hrefOf(item)} />
            <ul className={`chips ${styles.reasons}`} aria-label={t('moderation.reasons')}>
              {item.reasons.map(({ reason, count }) => (
                <li key={reason} className="chip">
                  {t(`report.reason.${reason}`)}
                  {count > 1 && <span className={styles.times}>×{count}</span>}
                </li>
              ))}
            </ul>
            <details className={styles.details}>
              <summary>{t('moderation.reportList')}</summary>
              <ol className={styles.reports}>
                {item.reports.map((report, index) => (
                  <li key={index}>
                    <p className={styles.reportMeta}>
                      <strong>{t(`report.reason.${report.reason}`)}</strong> · <LocalTime iso={report.createdAt} />
                      {report.reporter && <> · {t('moderation.reportedBy', { name: report.reporter.name })}</>}
                    </p>
                    <p className={report.text ? styles.reportText : styles.noText}>{report.text || t('moderation.noDetails')}</p>
                  </li>
                ))}
              </ol>
            </details>
            <ModerationActions item={item} canBan={queue.canBan} />
          </li>
        ))}
      </ul>
    </>
  );
}

function ItemSummary({ item, href }: { item: ReportedItemDto; href: string }) {
  const t = useT();
  return (
    <div className={styles.summary}>
      <p className={styles.title}>
        <span className={`chip ${styles.kind}`}>{t(`moderation.kind.${item.kind}`)}</span>{' '}
        <a href={href}>{item.entry?.title ?? item.jam.name}</a>
      </p>
      {item.note && (
        <blockquote className={styles.note}>
          <p className={styles.noteText}>{item.note.text}</p>
          <footer className={styles.context}>
            {t('moderation.noteBy', { name: item.note.author.name })} · <LocalTime iso={item.note.createdAt} />
            {item.note.hidden && <> · {t('moderation.noteIsHidden')}</>}
          </footer>
        </blockquote>
      )}
      {item.entry && (
        <p className={styles.context}>
          {t('moderation.by', { name: item.entry.author.name })} · {t('moderation.inJam', { jam: item.jam.name })}
        </p>
      )}
      <p className={`chip ${styles.count}`}>{t('moderation.reports', { count: item.count })}</p>
    </div>
  );
}
