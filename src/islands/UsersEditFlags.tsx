import { type SubmitEvent, useId, useState } from 'react';
import { useT } from '#i18n/react';
import { api } from '#client/api-client';
import { reportFailure } from '#client/report-failure';
import type { AdminUserDto } from '#lib/schemas/users';
import { pushToast } from '#stores/toasts';
import styles from './UsersEditFlags.module.css';
import { Modal } from './ui/Modal';
import { Spinner } from './ui/Spinner';

interface Props {
  user: AdminUserDto;
  /** The admin is editing their own profile (spec §2: warn them). */
  isSelf: boolean;
  onClose: () => void;
  onSaved: (user: AdminUserDto) => void;
}

/** Spec §4 User flags: an admin toggles admin and banned in a modal. */
export function UsersEditFlags({ user, isSelf, onClose, onSaved }: Props) {
  const t = useT();
  const id = useId();
  const [isAdmin, setIsAdmin] = useState(user.isAdmin);
  const [isBanned, setIsBanned] = useState(user.isBanned);
  const [busy, setBusy] = useState(false);
  const [reason, setReason] = useState<string | null>(null);

  async function save(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setReason(null);
    try {
      const saved = await api<AdminUserDto>(`/users/${user.id}`, { method: 'PATCH', body: { isAdmin, isBanned } });
      pushToast({ type: 'success', content: { message: t('users.updated', { name: saved.name }) } });
      onSaved(saved);
    } catch (error) {
      setReason(reportFailure(t('users.updateFailed'), error));
      setBusy(false);
    }
  }

  const toggle = (key: 'admin' | 'banned', checked: boolean, set: (value: boolean) => void) => (
    <div className={styles.flag}>
      <input
        id={`${id}-${key}`}
        type="checkbox"
        role="switch"
        checked={checked}
        onChange={(event) => set(event.target.checked)}
        aria-describedby={`${id}-${key}-hint`}
      />
      <label htmlFor={`${id}-${key}`}>{t(`users.flag.${key}`)}</label>
      <p id={`${id}-${key}-hint`} className="hint">
        {t(`users.flag.${key}Hint`)}
      </p>
    </div>
  );

  return (
    <Modal
      open
      onClose={() => !busy && onClose()}
      closeOnOverlayClick={!busy}
      header={t('users.edit.title', { name: user.name })}
      subHeader={t('users.edit.subtitle', { id: user.id })}
      actions={
        <>
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            {t('modal.cancel')}
          </button>
          <button type="submit" form={`${id}-form`} className="button primary" disabled={busy}>
            {t('users.save')}
          </button>
          {busy && <Spinner variant="notification" />}
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={save}>
        {isSelf && (
          <p className={styles.ownWarning} role="note">
            <strong aria-hidden="true">⚠ </strong>
            {t('users.edit.ownWarning')}
          </p>
        )}
        {toggle('admin', isAdmin, setIsAdmin)}
        {toggle('banned', isBanned, setIsBanned)}
        {reason && (
          <p className="form-error" role="alert">
            {reason}
          </p>
        )}
      </form>
    </Modal>
  );
}
