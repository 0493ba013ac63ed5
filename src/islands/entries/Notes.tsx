import { type SubmitEvent, Suspense, lazy, useCallback, useEffect, useId, useState } from 'react';
import Avatar from '#components/ui/Avatar.tsx';
import { ApiError, api } from '#client/api-client';
import { reportFailure } from '#client/report-failure';
import { translated, useLanguage, useT } from '#i18n/react';
import { type FeedbackMode, NOTE_MAX_LENGTH } from '#lib/feedback';
import { linkifyText } from '#lib/linkify';
import { localFormat } from '#lib/local-time';
import { type NoteDto, type NoteListDto, isNoteFilterRule } from '#lib/schemas/notes';
import { $session, UNKNOWN_SESSION, loadSession } from '#stores/session';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { LocalTime } from '../ui/LocalTime';
import { useHydrated } from '../ui/use-hydrated';
import { useIslandStore } from '../ui/use-island-store';
import styles from './Notes.module.css';

// The report form downloads when someone opens it, not with every entry page.
const ReportDialog = lazy(() => import('../report/ReportDialog').then((module) => ({ default: module.ReportDialog })));

interface Props {
  slug: string;
  entryId: number;
  feedback: FeedbackMode;
  /** The localized login page. */
  loginHref: string;
}

/** Why the last note was not kept: a filter rule (maybe with the mute it started), the mute, or another error. */
type Refusal =
  | { kind: 'rule'; rule: string; mutedUntil: string | null }
  | { kind: 'muted'; until: string }
  | { kind: 'other'; message: string };

/**
 * "Notes from players" on the entry page: the list (newest first, "Show more"), and for people
 * logged in a short form whose refusals say what to change. The server's HTML holds only the
 * heading and a placeholder, so the cached page is the same for everyone; the notes come from the API.
 */
export default translated(Notes);

function Notes({ slug, entryId, feedback, loginHref }: Props) {
  const t = useT();
  const hydrated = useHydrated();
  const session = useIslandStore($session, UNKNOWN_SESSION);
  const base = `/jams/${encodeURIComponent(slug)}/entries/${entryId}/notes`;
  const [list, setList] = useState<NoteListDto | null>(null);
  const [items, setItems] = useState<NoteDto[]>([]);
  const [failed, setFailed] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [status, setStatus] = useState('');
  const [mutedUntil, setMutedUntil] = useState<string | null>(null);

  const load = useCallback(
    async (page: number) => {
      const answer = await api<NoteListDto>(base, { query: { page } });
      setList(answer);
      setItems((shown) => {
        const merged = page === 1 ? answer.items : [...shown, ...answer.items];
        return merged.filter((note, index) => merged.findIndex((other) => other.id === note.id) === index);
      });
      setMutedUntil(answer.mute?.until ?? null);
    },
    [base],
  );

  useEffect(() => {
    if (feedback !== 'notes') return;
    void loadSession().then(() => load(1).catch(() => setFailed(true)));
  }, [feedback, load]);

  if (feedback !== 'notes') return <p className={styles.off}>{t('notes.off')}</p>;

  const more = async () => {
    if (!list) return;
    setLoadingMore(true);
    try {
      await load(list.page + 1);
    } catch (error) {
      reportFailure(t('notes.loadFailed'), error);
    } finally {
      setLoadingMore(false);
    }
  };

  const posted = (note: NoteDto) => {
    setItems((shown) => [note, ...shown]);
    setList((current) => current && { ...current, total: current.total + 1 });
    setStatus(t('notes.posted'));
  };
  const removed = (note: NoteDto) => {
    setItems((shown) => shown.filter((other) => other.id !== note.id));
    setList((current) => current && { ...current, total: Math.max(0, current.total - 1) });
    setStatus(t('notes.deleted'));
  };
  const changed = (note: NoteDto) => {
    setItems((shown) => shown.map((other) => (other.id === note.id ? note : other)));
    setStatus(t(note.hidden ? 'notes.hiddenDone' : 'notes.shownDone'));
  };

  const user = session.user;
  return (
    <div className={styles.notes}>
      {!hydrated || session.status === 'unknown' ? null : user && !user.isBanned ? (
        <NoteForm base={base} mutedUntil={mutedUntil} onMuted={setMutedUntil} onPosted={posted} />
      ) : !user ? (
        <p className={styles.login}>
          <a href={loginHref}>{t('notes.login')}</a>
        </p>
      ) : null}
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
      {failed ? (
        <p className="form-error">{t('notes.loadFailed')}</p>
      ) : !list ? (
        <p className={styles.loading} aria-busy="true">
          {t('notes.loading')}
        </p>
      ) : items.length === 0 ? (
        <p className={styles.empty}>{t('notes.empty')}</p>
      ) : (
        <ol className={styles.list} aria-label={t('notes.listLabel', { count: list.total })}>
          {items.map((note) => (
            <NoteItem
              key={note.id}
              note={note}
              base={base}
              slug={slug}
              entryId={entryId}
              loggedIn={Boolean(user && !user.isBanned)}
              onDeleted={removed}
              onChanged={changed}
            />
          ))}
        </ol>
      )}
      {list && list.page < list.totalPages && (
        <button
          type="button"
          className="button"
          aria-busy={loadingMore || undefined}
          disabled={loadingMore}
          onClick={() => void more()}
        >
          {t('notes.more')}
        </button>
      )}
    </div>
  );
}

function NoteForm({
  base,
  mutedUntil,
  onMuted,
  onPosted,
}: {
  base: string;
  mutedUntil: string | null;
  onMuted: (until: string | null) => void;
  onPosted: (note: NoteDto) => void;
}) {
  const t = useT();
  const lang = useLanguage();
  const id = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  // Set only while a mute lasts: the timer below clears it when the mute ends.
  const muted = mutedUntil !== null;

  // The mute ends by itself: the button comes back when its time has come.
  useEffect(() => {
    if (!mutedUntil) return;
    const left = Date.parse(mutedUntil) - Date.now();
    const timer = setTimeout(
      () => {
        onMuted(null);
        setRefusal((current) => (current?.kind === 'muted' ? null : current));
      },
      Math.max(0, left) + 500,
    );
    return () => clearTimeout(timer);
  }, [mutedUntil, onMuted]);

  const timeOf = (iso: string) => localFormat(document.documentElement.lang || lang).format(new Date(iso));

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (busy || muted) return;
    if (text.trim() === '') {
      setRefusal({ kind: 'other', message: t('notes.emptyNote') });
      return;
    }
    setBusy(true);
    setRefusal(null);
    try {
      const note = await api<NoteDto>(base, { method: 'POST', body: { text } });
      // Whatever was typed while the note was on its way stays in the box.
      setText((current) => (current === text ? '' : current));
      onPosted(note);
    } catch (error) {
      const body = error instanceof ApiError ? (error.body as { error?: { rule?: unknown; mutedUntil?: string } }) : undefined;
      if (error instanceof ApiError && error.code === 'note_refused' && isNoteFilterRule(body?.error?.rule)) {
        setRefusal({ kind: 'rule', rule: body.error.rule, mutedUntil: body.error.mutedUntil ?? null });
        if (body.error.mutedUntil) onMuted(body.error.mutedUntil);
      } else if (error instanceof ApiError && error.code === 'muted' && body?.error?.mutedUntil) {
        setRefusal({ kind: 'muted', until: body.error.mutedUntil });
        onMuted(body.error.mutedUntil);
      } else {
        setRefusal({ kind: 'other', message: reportFailure(t('notes.postFailed'), error) });
      }
    } finally {
      setBusy(false);
    }
  }

  const mutedText = (until: string) => t('notes.muted', { time: timeOf(until) });
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={`${id}-text`}>{t('notes.label')}</label>
        <textarea
          id={`${id}-text`}
          value={text}
          rows={3}
          maxLength={NOTE_MAX_LENGTH}
          placeholder={t('notes.placeholder')}
          aria-describedby={`${id}-count ${id}-refusal`}
          aria-invalid={refusal !== null || undefined}
          onChange={(event) => setText(event.target.value)}
        />
        <p id={`${id}-count`} className={`hint ${styles.count}`}>
          {t('notes.count', { count: text.length, max: NOTE_MAX_LENGTH })}
        </p>
      </div>
      <div id={`${id}-refusal`} role="alert" className={styles.alertSlot}>
        {refusal && (
          <div className={styles.refusal}>
            {refusal.kind === 'rule' && <p>{t(`notes.refused.${refusal.rule as 'link'}`)}</p>}
            {refusal.kind === 'rule' && refusal.mutedUntil && <p>{mutedText(refusal.mutedUntil)}</p>}
            {refusal.kind === 'muted' && <p>{mutedText(refusal.until)}</p>}
            {refusal.kind === 'other' && <p>{refusal.message}</p>}
          </div>
        )}
        {!refusal && muted && mutedUntil && (
          <div className={styles.refusal}>
            <p>{mutedText(mutedUntil)}</p>
          </div>
        )}
      </div>
      <div className={styles.formActions}>
        <button type="submit" className="button primary" disabled={busy || muted} aria-busy={busy || undefined}>
          {t('notes.post')}
        </button>
        <p className={`hint ${styles.rules}`}>{t('notes.rules')}</p>
      </div>
    </form>
  );
}

function NoteItem({
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
