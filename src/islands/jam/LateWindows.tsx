import { useCallback, useEffect, useId, useState } from 'react';
import { useT } from '#i18n/react';
import { ApiError, api } from '#client/api-client';
import { fromDatetimeLocal, toDatetimeLocal } from '#lib/datetime-local';
import { usernameSchema } from '#lib/schemas/common';
import type { LateGrantDto, LateGrantListDto } from '#lib/schemas/questions';
import { LATE_WINDOW_MAX_MS } from '#lib/questions';
import { LocalTime } from '#islands/ui/LocalTime.tsx';
import { Spinner } from '#islands/ui/Spinner.tsx';
import styles from './LateWindows.module.css';

/**
 * Late submissions (ADR 042): a manager lets one Scratcher submit after the end, until a time at most
 * 24 hours after it and before voting ends; the list shows who has a window and whether they used it.
 */
export function LateWindows({ slug, endsAt }: { slug: string; endsAt: string }) {
  const t = useT();
  const id = useId();
  const base = `/jams/${encodeURIComponent(slug)}/late-submissions`;
  const [grants, setGrants] = useState<LateGrantDto[] | null>(null);
  const [name, setName] = useState('');
  const [until, setUntil] = useState(() => toDatetimeLocal(new Date(Date.parse(endsAt) + LATE_WINDOW_MAX_MS / 4).toISOString()));
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  const reload = useCallback(
    () =>
      api<LateGrantListDto>(base)
        .then((answer) => setGrants(answer.grants))
        .catch((failure: unknown) => setError(failure instanceof ApiError ? failure.message : String(failure))),
    [base],
  );
  useEffect(() => void reload(), [reload]);

  async function grant(event: React.SubmitEvent) {
    event.preventDefault();
    const parsed = usernameSchema.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    try {
      const granted = await api<LateGrantDto>(`${base}/${encodeURIComponent(parsed.data)}`, {
        method: 'PUT',
        body: { until: fromDatetimeLocal(until) },
      });
      setError(null);
      setName('');
      setStatus(t('late.granted', { name: granted.name }));
      await reload();
    } catch (failure) {
      console.error(failure);
      setError(failure instanceof ApiError ? failure.message : String(failure));
    }
  }

  async function revoke(target: string) {
    try {
      await api(`${base}/${encodeURIComponent(target)}`, { method: 'DELETE' });
      setStatus(t('late.revoked', { name: target }));
      await reload();
    } catch (failure) {
      console.error(failure);
      setError(failure instanceof ApiError ? failure.message : String(failure));
    }
  }

  return (
    <div className={`late-windows ${styles.editor}`}>
      <p className="hint">{t('late.help')}</p>
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
      {grants === null ? (
        <Spinner />
      ) : grants.length === 0 ? (
        <p className={`empty-state ${styles.empty}`}>{t('late.none')}</p>
      ) : (
        <ul className={`card-list ${styles.list}`} aria-label={t('late.listLabel')}>
          {grants.map((row) => (
            <li key={row.name} className={styles.grant}>
              <span className={styles.name}>{row.name}</span>
              <span className={styles.meta}>
                {t('late.until')} <LocalTime iso={row.until} />
              </span>
              <span className={`chip ${row.entryId === null ? '' : styles.used}`}>
                {row.entryId === null ? t('late.waiting') : t('late.submitted')}
              </span>
              <button type="button" className="button small ghost" onClick={() => void revoke(row.name)}>
                {t('late.revoke')}
                <span className="visually-hidden"> {row.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className={`inline-form ${styles.add}`} onSubmit={grant} noValidate>
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('late.name')}</label>
          <input
            id={`${id}-name`}
            value={name}
            onChange={(event) => setName(event.target.value)}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-until`}>{t('late.untilLabel')}</label>
          <input id={`${id}-until`} type="datetime-local" value={until} onChange={(event) => setUntil(event.target.value)} />
        </div>
        <button type="submit" className="button primary">
          {t('late.grant')}
        </button>
        {error && (
          <p className="field-error" id={`${id}-error`} role="alert">
            {error}
          </p>
        )}
      </form>
    </div>
  );
}
