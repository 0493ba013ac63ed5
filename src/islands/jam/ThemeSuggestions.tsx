import { useCallback, useEffect, useId, useState } from 'react';
import { useT } from '#i18n/react';
import { api } from '#client/api-client';
import type { ThemeResultsDto, ThemeSuggestionDto } from '#lib/schemas/themes';
import type { ThemePhase } from '#lib/themes';
import { pushToast } from '#stores/toasts';
import { ConfirmDialog } from '#islands/ui/ConfirmDialog.tsx';
import { Spinner } from '#islands/ui/Spinner.tsx';
import styles from './ThemeSuggestions.module.css';
import { reportFailure } from '#client/report-failure';

interface Page {
  suggestions: ThemeSuggestionDto[];
  nextAfter: number | null;
}
/** Suggestions can be removed or merged until the final round opens (the API answers 409 after). */
const OPEN_PHASES: readonly ThemePhase[] = ['soon', 'suggesting', 'round1'];

/**
 * Theme suggestions (ADR 043), a manager tool: every suggestion, paged as the API pages them, with
 * who suggested it first and how many did; Remove (after a confirmation) and Merge into another.
 * Read-only, saying why, once the final round has opened. The server checks every action again.
 */
export function ThemeSuggestions({ slug }: { slug: string }) {
  const t = useT();
  const id = useId();
  const base = `/jams/${encodeURIComponent(slug)}/theme`;
  const [phase, setPhase] = useState<ThemePhase | null>(null);
  const [list, setList] = useState<ThemeSuggestionDto[] | null>(null);
  const [nextAfter, setNextAfter] = useState<number | null>(null);
  const [removing, setRemoving] = useState<ThemeSuggestionDto | null>(null);
  const [merging, setMerging] = useState<number | null>(null);
  const [target, setTarget] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [loadingMore, setLoadingMore] = useState(false);

  const fail = useCallback(
    (failure: unknown) => {
      setError(reportFailure(t('themeModeration.failed'), failure, { reason: 'always' }));
    },
    [t],
  );

  useEffect(() => {
    Promise.all([api<ThemeResultsDto>(base), api<Page>(`${base}/suggestions`)])
      .then(([theme, page]) => {
        setPhase(theme.phase);
        setList(page.suggestions);
        setNextAfter(page.nextAfter);
      })
      .catch(fail);
  }, [base, fail]);

  async function more() {
    if (nextAfter === null) return;
    setLoadingMore(true);
    try {
      const page = await api<Page>(`${base}/suggestions`, { query: { after: nextAfter } });
      setList((current) => [...(current ?? []), ...page.suggestions]);
      setNextAfter(page.nextAfter);
    } catch (failure) {
      fail(failure);
    } finally {
      setLoadingMore(false);
    }
  }

  function done(message: string) {
    setError(null);
    setStatus(message);
    pushToast({ type: 'success', content: { message } });
  }

  async function remove(row: ThemeSuggestionDto) {
    try {
      await api(`${base}/suggestions/${row.id}`, { method: 'DELETE' });
      setList((current) => (current ?? []).filter((item) => item.id !== row.id));
      setRemoving(null);
      done(t('themeModeration.removed', { text: row.text }));
    } catch (failure) {
      setRemoving(null);
      fail(failure);
    }
  }

  async function merge(event: React.SubmitEvent, row: ThemeSuggestionDto) {
    event.preventDefault();
    const into = Number(target);
    if (!into) return setError(t('themeModeration.chooseTarget'));
    try {
      const kept = await api<ThemeSuggestionDto>(`${base}/suggestions/${row.id}/merge`, { method: 'POST', body: { into } });
      setList((current) =>
        (current ?? []).filter((item) => item.id !== row.id).map((item) => (item.id === kept.id ? kept : item)),
      );
      setMerging(null);
      setTarget('');
      done(t('themeModeration.merged', { text: row.text, into: kept.text }));
      document.getElementById(`${id}-row-${kept.id}`)?.focus();
    } catch (failure) {
      fail(failure);
    }
  }

  if (list === null || phase === null) {
    return error ? (
      <p className="field-error" role="alert">
        {error}
      </p>
    ) : (
      <Spinner />
    );
  }
  const open = OPEN_PHASES.includes(phase);
  return (
    <div className={`theme-suggestions ${styles.panel}`}>
      <p className="hint">
        {phase === 'off' ? t('themeModeration.off') : open ? t('themeModeration.help') : t('themeModeration.locked')}
      </p>
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {list.length === 0 ? (
        <p className={`empty-state ${styles.empty}`}>{t('themeModeration.none')}</p>
      ) : (
        <ul className={`card-list ${styles.list}`} aria-label={t('themeModeration.listLabel')}>
          {list.map((row) => (
            <li key={row.id} id={`${id}-row-${row.id}`} className={styles.row} tabIndex={-1}>
              <div className={styles.text}>
                <span className={styles.theme}>{row.text}</span>
                <span className={styles.meta}>
                  {row.suggestedBy ? t('themeModeration.by', { name: row.suggestedBy }) : t('themeModeration.byGone')} ·{' '}
                  {t('themeModeration.suggesters', { count: row.suggesters })}
                </span>
              </div>
              {open && merging !== row.id && (
                <div className={styles.actions}>
                  <button
                    type="button"
                    className="button small"
                    aria-label={t('themeModeration.mergeLabel', { text: row.text })}
                    disabled={list.length < 2}
                    onClick={() => {
                      setMerging(row.id);
                      setTarget('');
                      setError(null);
                    }}
                  >
                    {t('themeModeration.merge')}
                  </button>
                  <button
                    type="button"
                    className="button small ghost"
                    aria-label={t('themeModeration.removeLabel', { text: row.text })}
                    onClick={() => setRemoving(row)}
                  >
                    {t('themeModeration.remove')}
                  </button>
                </div>
              )}
              {open && merging === row.id && (
                <form className={styles.merge} onSubmit={(event) => void merge(event, row)} noValidate>
                  <label htmlFor={`${id}-into-${row.id}`}>{t('themeModeration.mergeInto', { text: row.text })}</label>
                  <select
                    id={`${id}-into-${row.id}`}
                    value={target}
                    onChange={(event) => setTarget(event.target.value)}
                    // The choice comes right after the button that opened it.
                    // eslint-disable-next-line jsx-a11y/no-autofocus
                    autoFocus
                  >
                    <option value="">{t('themeModeration.chooseTarget')}</option>
                    {list
                      .filter((item) => item.id !== row.id)
                      .map((item) => (
                        <option key={item.id} value={item.id}>
                          {item.text}
                        </option>
                      ))}
                  </select>
                  <div className={styles.actions}>
                    <button type="submit" className="button small primary">
                      {t('themeModeration.mergeConfirm')}
                    </button>
                    <button
                      type="button"
                      className="button small ghost"
                      onClick={() => {
                        setMerging(null);
                        document.getElementById(`${id}-row-${row.id}`)?.focus();
                      }}
                    >
                      {t('common.cancel')}
                    </button>
                  </div>
                </form>
              )}
            </li>
          ))}
        </ul>
      )}
      {nextAfter !== null && (
        <button type="button" className={`button ${styles.more}`} onClick={() => void more()} disabled={loadingMore}>
          {t('themeModeration.more')}
        </button>
      )}
      <ConfirmDialog
        open={removing !== null}
        danger
        title={t('themeModeration.removeTitle')}
        message={removing ? t('themeModeration.removeMessage', { text: removing.text }) : undefined}
        confirmLabel={t('themeModeration.remove')}
        onCancel={() => setRemoving(null)}
        onConfirm={() => (removing ? remove(removing) : undefined)}
      />
    </div>
  );
}
