import { useState } from 'react';
import { api } from '#client/api-client';
import { reloadWithToast } from '#client/reload-with-toast';
import Picture from '#components/ui/Picture.tsx';
import { translated, useLanguage, useT } from '#i18n/react';
import { userHref } from '#i18n/paths';
import type { EntryReview } from '#lib/judging';
import { httpUrlOrNull } from '#lib/safe-url';
import type { ReviewEntryDto, ReviewListDto } from '#lib/schemas/review';
import { pushToast } from '#stores/toasts';
import { EntryFlags } from '../entries/EntryFlags';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { LocalTime } from '../ui/LocalTime';
import { checkAllEntriesNow, checkSummaryText } from './check-entries';
import styles from './ReviewList.module.css';
import { ReviewAnswers } from './ReviewAnswers';
import { reportFailure } from '#client/report-failure';

interface Props {
  slug: string;
  list: ReviewListDto;
  /** The address of an entry's own page, with `{id}` in place of its id. */
  entryHref: string;
}

/**
 * The managers' review list (fair judging): every entry with all its flags, flagged ones waiting for a
 * verdict first; "Checked", "Disqualify" (after a confirmation) and "Reopen", and "Check entries now".
 * Rendered on the server too, so the list reads without JavaScript; the buttons need it.
 */
export default translated(ReviewList);

function ReviewList({ slug, list, entryHref }: Props) {
  const t = useT();
  const [entries, setEntries] = useState(list.entries);
  const [checking, setChecking] = useState(false);
  const [status, setStatus] = useState('');

  const fail = (failure: unknown, prefix: string) => reportFailure(prefix, failure, { reason: 'always' });

  async function checkNow() {
    setChecking(true);
    setStatus(t('review.checking'));
    try {
      const summary = await checkAllEntriesNow(slug);
      reloadWithToast(checkSummaryText(summary, t as never, 'review'), summary.missing > 0 ? 'warning' : 'success');
    } catch (failure) {
      setStatus('');
      fail(failure, t('review.checkFailed'));
    } finally {
      setChecking(false);
    }
  }

  const replace = (updated: ReviewEntryDto) =>
    setEntries((current) => current.map((entry) => (entry.id === updated.id ? updated : entry)));

  return (
    <div className={styles.review}>
      <div className={styles.toolbar}>
        <p className={styles.summary}>
          {list.flaggedOpen > 0 ? t('review.waiting', { count: list.flaggedOpen }) : t('review.noneWaiting')}{' '}
          <span className={styles.muted}>{t('review.flaggedOfTotal', { flagged: list.flagged, count: list.total })}</span>
        </p>
        <button type="button" className="button primary" onClick={() => void checkNow()} disabled={checking} aria-busy={checking}>
          {checking ? t('review.checking') : t('review.checkNow')}
        </button>
        <p className={styles.muted}>
          {list.entriesCheckedAt ? (
            <>
              {t('review.checkedAfterEnd')} <LocalTime iso={list.entriesCheckedAt} />
            </>
          ) : (
            t('review.notCheckedYet')
          )}
        </p>
        <p className="visually-hidden" role="status" aria-live="polite">
          {status}
        </p>
      </div>
      {entries.length === 0 ? (
        <p className={styles.empty}>{t('review.empty')}</p>
      ) : (
        <ul className={`card-list ${styles.items}`}>
          {entries.map((entry) => (
            <ReviewItem
              key={entry.id}
              slug={slug}
              entry={entry}
              href={entryHref.replace('{id}', String(entry.id))}
              onChange={replace}
              onFail={fail}
              jamVersionRequired={list.jamVersion === 'required'}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

interface ItemProps {
  slug: string;
  entry: ReviewEntryDto;
  href: string;
  onChange: (entry: ReviewEntryDto) => void;
  onFail: (failure: unknown, prefix: string) => void;
  /** ADR 050: the jam asks every entry for its jam version, so a missing one is marked. */
  jamVersionRequired: boolean;
}

const DONE_KEYS = { open: 'review.reopened', checked: 'review.markedChecked', disqualified: 'review.disqualifiedDone' } as const;

function ReviewItem({ slug, entry, href, onChange, onFail, jamVersionRequired }: ItemProps) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  async function review(verdict: EntryReview) {
    setBusy(true);
    try {
      const updated = await api<ReviewEntryDto>(`/jams/${encodeURIComponent(slug)}/entries/${entry.id}/review`, {
        method: 'PUT',
        body: { review: verdict },
      });
      onChange(updated);
      pushToast({ type: 'success', content: { message: t(DONE_KEYS[verdict], { title: entry.title }) } });
    } catch (failure) {
      onFail(failure, t('review.failed'));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  const flagged = entry.flags.length > 0;
  return (
    <li className={`card ${styles.item}`} data-entry-id={entry.id} data-review={entry.review}>
      <Picture
        src={httpUrlOrNull(entry.thumbnailUrl)}
        seed={String(entry.id)}
        ratio="4 / 3"
        width={480}
        height={360}
        className={styles.thumbnail}
      />
      <div className={styles.body}>
        <h2 className={styles.title}>
          <a href={href}>{entry.title}</a>
          {entry.isWinner && (
            <>
              {' '}
              <span className="chip winner">
                <span aria-hidden="true">♛</span> {t('entry.winner')}
              </span>
            </>
          )}
          {entry.late && (
            <>
              {' '}
              <span className={`chip ${styles.late}`}>{t('review.late')}</span>
            </>
          )}
          {entry.jamVersionAt !== null ? (
            <>
              {' '}
              <span className={`chip ${styles.jamVersion}`}>{t('review.jamVersion')}</span>
            </>
          ) : (
            jamVersionRequired && (
              <>
                {' '}
                <span className={`chip ${styles.late}`}>{t('review.noJamVersion')}</span>
              </>
            )
          )}
        </h2>
        <p className={styles.muted}>
          <ByAuthor name={entry.authorName} /> · {t('review.plays', { count: entry.plays ?? 0 })}
          {/* Once voting closed, before a manual jam's results are published too: the managers' preview (ADR 041). */}
          {entry.votes !== null && <> · {t('review.votes', { count: entry.votes })}</>}
        </p>
        <EntryFlags flags={entry.flags} disqualified={entry.disqualified} checked={entry.review === 'checked'} />
        {!flagged && <p className={styles.muted}>{t('review.noFlags')}</p>}
        <ReviewAnswers answers={entry.answers} />
        <p className={styles.muted}>
          {entry.reviewedAt ? (
            <>
              {t(`review.status.${entry.review}`)}
              {entry.reviewedBy && <> · {t('review.reviewedBy', { name: entry.reviewedBy })}</>} ·{' '}
              <LocalTime iso={entry.reviewedAt} />
            </>
          ) : (
            t('review.status.open')
          )}
          {' · '}
          {entry.historyCheckedAt ? (
            <>
              {t('review.historyCheckedAt')} <LocalTime iso={entry.historyCheckedAt} />
            </>
          ) : (
            t('review.historyNever')
          )}
        </p>
        <div className={styles.actions}>
          {entry.review !== 'checked' && (
            <button type="button" className="button" disabled={busy} onClick={() => void review('checked')}>
              <span aria-hidden="true">✓ </span>
              {t('review.markChecked')}
            </button>
          )}
          {entry.review !== 'disqualified' && (
            <button type="button" className="button danger" disabled={busy} onClick={() => setConfirming(true)}>
              {t('review.disqualify')}
            </button>
          )}
          {entry.review !== 'open' && (
            <button type="button" className="button ghost" disabled={busy} onClick={() => void review('open')}>
              {t('review.reopen')}
            </button>
          )}
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('review.disqualifyTitle', { title: entry.title })}
        message={t('review.disqualifyMessage')}
        confirmLabel={t('review.disqualify')}
        danger
        onConfirm={() => review('disqualified')}
        onCancel={() => setConfirming(false)}
      />
    </li>
  );
}

/** "by {name}" with the name as a link to their profile, wherever the locale puts it. */
function ByAuthor({ name }: { name: string }) {
  const t = useT();
  const language = useLanguage();
  const [before = '', after = ''] = t('review.by', { name: '\u0001' }).split('\u0001');
  return (
    <>
      {before}
      <a href={userHref(language, name)}>{name}</a>
      {after}
    </>
  );
}
