import { Suspense, lazy, useState } from 'react';
import Avatar from '#components/ui/Avatar.tsx';
import { api } from '#client/api-client';
import { reportFailure } from '#client/report-failure';
import { useT } from '#i18n/react';
import { linkifyText } from '#lib/linkify';
import type { NoteDto } from '#lib/schemas/notes';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { LocalTime } from '../ui/LocalTime';
import styles from './Notes.module.css';

// The report form downloads when someone opens it, not with every entry page.
const ReportDialog = lazy(() => import('../report/ReportDialog').then((module) => ({ default: module.ReportDialog })));
/** One note: its author, time and text (links made clickable), and what the reader may do with it: delete, hide, report. */
export function NoteItem({
  note,
  base,
  slug,
  entryId,
  loggedIn,
  onDeleted,
  onChanged,
}: {
  note: NoteDto;
  base: string;
  slug: string;
  entryId: number;
  loggedIn: boolean;
  onDeleted: (note: NoteDto) => void;
  onChanged: (note: NoteDto) => void;
}) {
  const t = useT();
  const [asking, setAsking] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [busy, setBusy] = useState(false);

  async function remove() {
    try {
      await api(`${base}/${note.id}`, { method: 'DELETE' });
      setAsking(false);
      onDeleted(note);
    } catch (error) {
      setAsking(false);
      reportFailure(t('notes.deleteFailed'), error);
    }
  }

  async function toggleHidden() {
    setBusy(true);
    try {
      onChanged(await api<NoteDto>(`${base}/${note.id}/hidden`, { method: 'PUT', body: { hidden: !note.hidden } }));
    } catch (error) {
      reportFailure(t('notes.hideFailed'), error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className={`${styles.note} ${note.hidden ? styles.hidden : ''}`} data-note={note.id}>
      <Avatar username={note.author.name} src={note.author.avatar} size="2.5rem" />
      <div className={styles.body}>
        <p className={styles.meta}>
          <span className={styles.author}>{note.author.name}</span>
          <span className={styles.time}>
            <LocalTime iso={note.createdAt} />
          </span>
          {note.hidden && <span className={`chip ${styles.hiddenChip}`}>{t('notes.hiddenMark')}</span>}
          {note.held && <span className={`chip ${styles.hiddenChip}`}>{t('notes.heldBadge')}</span>}
        </p>
        <p className={styles.text}>
          {linkifyText(note.text).map((line, index) => (
            <span key={index} className={styles.line}>
              {line.map((piece, nth) =>
                'href' in piece ? (
                  <a key={nth} href={piece.href} rel="noopener nofollow ugc" target="_blank">
                    {piece.text}
                  </a>
                ) : (
                  <span key={nth}>{piece.text}</span>
                ),
              )}
            </span>
          ))}
        </p>
        {note.held && <p className={styles.heldHint}>{t('notes.heldHint')}</p>}
        {loggedIn && (
          <div className={styles.actions} role="group" aria-label={t('notes.actions', { name: note.author.name })}>
            {note.canDelete && (
              <button type="button" className="button ghost small" onClick={() => setAsking(true)}>
                {t('notes.delete')}
              </button>
            )}
            {note.canHide && (
              <button
                type="button"
                className="button ghost small"
                disabled={busy}
                aria-busy={busy || undefined}
                onClick={() => void toggleHidden()}
              >
                {t(note.hidden ? 'notes.unhide' : 'notes.hide')}
              </button>
            )}
            {!note.mine && (
              <button type="button" className="button ghost small" aria-haspopup="dialog" onClick={() => setReporting(true)}>
                <span aria-hidden="true">⚑</span> {t('report.button')}
              </button>
            )}
          </div>
        )}
      </div>
      <ConfirmDialog
        open={asking}
        title={t('notes.deleteTitle')}
        message={t('notes.deleteConfirm', { name: note.author.name })}
        confirmLabel={t('notes.delete')}
        danger
        onCancel={() => setAsking(false)}
        onConfirm={remove}
      />
      {reporting && (
        <Suspense fallback={null}>
          <ReportDialog open target={{ slug, entryId, noteId: note.id }} onClose={() => setReporting(false)} />
        </Suspense>
      )}
    </li>
  );
}
