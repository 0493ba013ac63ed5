import { type SubmitEvent, useId, useRef, useState } from 'react';
import { useT } from '#i18n/react';
import { api } from '#client/api-client';
import type { CreateUserResultDto } from '#lib/schemas/users';
import { pushToast } from '#stores/toasts';
import { reportFailure } from '#client/report-failure';
import { Spinner } from './ui/Spinner';
import styles from './UsersCreateForm.module.css';

/** Spec §2, §5, §6: create a user by username; Scratch gives the canonical name. */
export function UsersCreateForm({ onCreated }: { onCreated: () => void }) {
  const t = useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    const wanted = name.trim();
    if (!wanted) {
      setProblem(t('users.create.required'));
      input.current?.focus();
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const result = await api<CreateUserResultDto>('/users', { method: 'POST', body: { name: wanted } });
      pushToast(
        result.created
          ? { type: 'success', content: { message: t('users.created', { name: result.user.name }) } }
          : { type: 'default', content: { message: t('users.exists', { name: result.user.name }) } },
      );
      setName('');
      onCreated();
    } catch (error) {
      setProblem(reportFailure(t('users.createFailed'), error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={`users-create ${styles.form}`} onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.heading}>
        {t('users.create.heading')}
      </h2>
      <div className={`field ${styles.field}`}>
        <label htmlFor={`${id}-name`}>{t('users.create.label')}</label>
        <div className={`users-create-row ${styles.row}`}>
          <input
            ref={input}
            id={`${id}-name`}
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={20}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-hint ${id}-problem` : `${id}-hint`}
          />
          <button type="submit" className="button primary" disabled={busy} aria-busy={busy}>
            {t('users.create.submit')}
          </button>
          {busy && <Spinner variant="notification" />}
        </div>
        <p id={`${id}-hint`} className="hint">
          {t('users.create.hint')}
        </p>
        {problem && (
          <p id={`${id}-problem`} className="field-error" role="alert">
            {problem}
          </p>
        )}
      </div>
    </form>
  );
}
