import { useCallback, useEffect, useState } from 'react';
import { api } from '#client/api-client';
import { reportFailure } from '#client/report-failure';
import { translated, useT } from '#i18n/react';
import type { FeedbackMode } from '#lib/feedback';
import type { NoteDto, NoteListDto } from '#lib/schemas/notes';
import { loadEntryViewer } from '#stores/page-viewer';
import { $session, UNKNOWN_SESSION, loadSession } from '#stores/session';
import { useHydrated } from '../ui/use-hydrated';
import { useIslandStore } from '../ui/use-island-store';
import { NoteForm } from './NoteForm';
import { NoteItem } from './NoteItem';
import styles from './Notes.module.css';

interface Props {
  slug: string;
  entryId: number;
  feedback: FeedbackMode;
  /** The localized login page. */
  loginHref: string;
}
/**
 * "Notes from players" on the entry page: the list (newest first, "Show more"), and for people
 * logged in a short form whose refusals say what to change. The server's HTML holds only the
 * heading and a placeholder, so the cached page is the same for everyone; the notes come from the API
 * (for someone logged in, the first page with the page's viewer document).
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
      // The first page as a logged-in reader sees it comes with the page's viewer document (ADR 034).
      const personal =
        page === 1 && $session.get().status === 'authenticated'
          ? (await loadEntryViewer(slug, entryId).catch(() => null))?.notes
          : null;
      const answer = personal ?? (await api<NoteListDto>(base, { query: { page } }));
      setList(answer);
      setItems((shown) => {
        const merged = page === 1 ? answer.items : [...shown, ...answer.items];
        return merged.filter((note, index) => merged.findIndex((other) => other.id === note.id) === index);
      });
      setMutedUntil(answer.mute?.until ?? null);
    },
    [base, slug, entryId],
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
    // A held note says so: only its writer sees it until a moderator has read it.
    setStatus(t(note.held ? 'notes.held' : 'notes.posted'));
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
        <ol className="card-list" aria-label={t('notes.listLabel', { count: list.total })}>
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
