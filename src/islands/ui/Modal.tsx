/**
 * The shared modal (spec §2 Layout): overlay, optional close icon, header, sub-header, content
 * and actions; 48.75rem wide, full screen on phones. Built on <dialog>.showModal(), which makes
 * the rest of the page inert; Tab is wrapped inside so focus never leaves it.
 */
import { type KeyboardEvent, type MouseEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { useT } from '#i18n/react';
import styles from './Modal.module.css';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  header?: ReactNode;
  subHeader?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  /** Show the × button (default true). */
  closeIcon?: boolean;
  /** Clicking the overlay closes the modal unless this is false. */
  closeOnOverlayClick?: boolean;
  /** Accessible name when there is no header. */
  label?: string;
  className?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function Modal({
  open,
  onClose,
  header,
  subHeader,
  actions,
  children,
  closeIcon = true,
  closeOnOverlayClick = true,
  label,
  className,
}: ModalProps) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const headerId = useId();
  const subHeaderId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  const onOverlayClick = (event: MouseEvent<HTMLDialogElement>) => {
    // The panel fills the dialog, so a click on the dialog itself is a click on the backdrop.
    if (event.target === dialog.current && closeOnOverlayClick) onClose();
  };

  const trapTab = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a click on the backdrop closes (Escape does for the keyboard) and Tab is kept inside
    <dialog
      ref={dialog}
      className={['modal', styles.modal, className].filter(Boolean).join(' ')}
      aria-labelledby={header ? headerId : undefined}
      aria-describedby={subHeader ? subHeaderId : undefined}
      aria-label={header ? undefined : label}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={onOverlayClick}
      onKeyDown={trapTab}
    >
      {open && (
        <div className={`modal-panel ${styles.panel}`}>
          {closeIcon && (
            <button type="button" className={`icon-button ${styles.close}`} aria-label={t('modal.close')} onClick={onClose}>
              <span aria-hidden="true">×</span>
            </button>
          )}
          {header && (
            <h2 id={headerId} className={`modal-header ${styles.header}`}>
              {header}
            </h2>
          )}
          {subHeader && (
            <p id={subHeaderId} className={`modal-subheader ${styles.subheader}`}>
              {subHeader}
            </p>
          )}
          <div className="modal-content">{children}</div>
          {actions && <div className={`modal-actions ${styles.actions}`}>{actions}</div>}
        </div>
      )}
    </dialog>
  );
}
