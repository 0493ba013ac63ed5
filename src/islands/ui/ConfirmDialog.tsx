import { type ReactNode, useState } from 'react';
import { useT } from '#i18n/react';
import { Modal } from './Modal';
import { Spinner } from './Spinner';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Style the confirm button as destructive. */
  danger?: boolean;
  /** May return a promise; the dialog waits and shows a spinner meanwhile. */
  onConfirm: () => unknown;
  onCancel: () => void;
}

/** Spec §5: giving up a role, removing a manager and deleting accounts ask for confirmation first. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  danger = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      onClose={() => !busy && onCancel()}
      header={title}
      closeOnOverlayClick={!busy}
      actions={
        <>
          <button type="button" className="button" onClick={onCancel} disabled={busy}>
            {cancelLabel ?? t('modal.cancel')}
          </button>
          <button type="button" className={danger ? 'button danger' : 'button primary'} onClick={confirm} disabled={busy}>
            {confirmLabel ?? t('modal.confirm')}
          </button>
          {busy && <Spinner variant="notification" />}
        </>
      }
    >
      {message && <p>{message}</p>}
    </Modal>
  );
}
