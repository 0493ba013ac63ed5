/**
 * "Delete my account" (spec §2 Dashboard, §5): irreversible, so the user types their username to
 * confirm. Afterwards the server has removed the session cookie; we go home and say so.
 */
import { type SubmitEvent, useId, useState } from 'react';
import type { IslandMessages } from '#i18n/island';
import { translated, useT } from '#i18n/react';
import { api } from '#client/api-client';
import { reportFailure } from '#client/report-failure';
import { pushToastAfterNavigation } from '#stores/toasts';
import { Modal } from './ui/Modal';
import { Spinner } from './ui/Spinner';
import styles from './DeleteAccount.module.css';

interface Props {
  messages: IslandMessages;
  name: string;
  homePath: string;
}

export default translated(DeleteAccountButton);

function DeleteAccountButton({ name, homePath }: Omit<Props, 'messages'>) {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [reason, setReason] = useState<string | null>(null);
  const matches = typed.trim().toLowerCase() === name.toLowerCase();

  const close = () => {
    if (busy) return;
    setOpen(false);
    setTyped('');
    setReason(null);
  };

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (!matches || busy) return;
    setBusy(true);
    setReason(null);
    try {
      await api('/me', { method: 'DELETE', body: { name: typed.trim() } });
      pushToastAfterNavigation({ type: 'success', content: { message: t('account.deleted') } });
      window.location.assign(homePath);
    } catch (error) {
      setReason(reportFailure(t('account.deleteFailed'), error));
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" className="button danger" onClick={() => setOpen(true)}>
        {t('account.delete.button')}
      </button>
      <Modal
        open={open}
        onClose={close}
        header={t('account.delete.title')}
        subHeader={t('account.delete.warning')}
        closeOnOverlayClick={!busy}
        actions={
          <>
            <button type="button" className="button" onClick={close} disabled={busy}>
              {t('modal.cancel')}
            </button>
            <button type="submit" form={`${id}-form`} className="button danger" disabled={!matches || busy}>
              {t('account.delete.confirm')}
            </button>
            {busy && <Spinner variant="notification" />}
          </>
        }
      >
        <form id={`${id}-form`} onSubmit={submit} className={styles.confirmName}>
          <label htmlFor={`${id}-name`}>{t('account.delete.confirmLabel', { name })}</label>
          <input
            id={`${id}-name`}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            spellCheck={false}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the confirmation dialog opens on this field (WAI-ARIA dialog pattern)
            autoFocus
            aria-describedby={reason ? `${id}-reason` : undefined}
          />
          {reason && (
            <p id={`${id}-reason`} className="form-error" role="alert">
              {reason}
            </p>
          )}
        </form>
      </Modal>
    </>
  );
}
