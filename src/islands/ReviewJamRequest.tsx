/**
 * The Review button of a pending request in the administrators' jam requests queue: a modal with the
 * requester's note and the jam form (Save changes, Approve and create the jam, Decline), and the
 * decline dialog that asks for the reason the requester will read. The server checks it all again.
 */
import { type SubmitEvent, useId, useState } from 'react';
import type { IslandMessages } from '#i18n/island';
import { translated, useT } from '#i18n/react';
import { api } from '#client/api-client';
import { reloadWithToast } from '#client/reload-with-toast';
import { reportFailure } from '#client/report-failure';
import { DECLINE_REASON_MAX, type JamRequestDto } from '#lib/schemas/jam-requests';
import JamForm from './JamForm';
import styles from './ReviewJamRequest.module.css';
import { Modal } from './ui/Modal';
import { Spinner } from './ui/Spinner';
import { useHydrated } from './ui/use-hydrated';

interface Props {
  messages: IslandMessages;
  request: JamRequestDto;
}

export default translated(ReviewJamRequest);

function ReviewJamRequest({ request }: Omit<Props, 'messages'>) {
  const t = useT();
  // Until React has taken over, a click would be lost: the button waits (use-hydrated.ts).
  const hydrated = useHydrated();
  const id = useId();
  const [dialog, setDialog] = useState<'review' | 'decline' | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** The queue is rendered on the server: load it again to show the request as it is now. */
  function reviewed(saved: JamRequestDto, approved: boolean) {
    setDialog(null);
    reloadWithToast(
      approved
        ? t('jamRequests.approved', { name: saved.jam?.name ?? saved.name, requester: saved.requester.name })
        : t('jamRequests.saved'),
    );
  }

  async function decline(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    if (reason.trim() === '') {
      setReasonError(t('jamRequests.reasonRequired'));
      return;
    }
    setBusy(true);
    setReasonError(null);
    try {
      await api(`/jam-requests/${request.id}/decline`, { method: 'POST', body: { reason } });
      setDialog(null);
      reloadWithToast(t('jamRequests.declined'));
    } catch (error) {
      setReasonError(reportFailure(t('jamRequests.failed'), error));
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className="button primary"
        aria-label={t('jamRequests.reviewLabel', { name: request.name, requester: request.requester.name })}
        onClick={() => setDialog('review')}
        disabled={!hydrated}
      >
        {t('jamRequests.review')}
      </button>
      <Modal
        open={dialog === 'review'}
        onClose={() => setDialog(null)}
        closeOnOverlayClick={false}
        header={t('jamRequests.reviewTitle', { name: request.requester.name })}
        subHeader={t('jamRequests.reviewSubtitle')}
      >
        {dialog === 'review' && (
          <div className={styles.review}>
            <figure className={styles.note}>
              <figcaption className="field-label">{t('jamRequests.note')}</figcaption>
              {request.note ? (
                <blockquote className={styles.quote}>{request.note}</blockquote>
              ) : (
                <p className="hint">{t('jamRequests.noNote')}</p>
              )}
            </figure>
            <JamForm
              request={request}
              onCancel={() => setDialog(null)}
              onReviewed={reviewed}
              onDecline={() => {
                setReasonError(null);
                setDialog('decline');
              }}
            />
          </div>
        )}
      </Modal>
      <Modal
        open={dialog === 'decline'}
        onClose={() => !busy && setDialog('review')}
        closeOnOverlayClick={!busy}
        header={t('jamRequests.declineTitle', { name: request.name })}
        actions={
          <>
            <button type="button" className="button" onClick={() => setDialog('review')} disabled={busy}>
              {t('modal.cancel')}
            </button>
            <button type="submit" form={`${id}-decline`} className="button danger" disabled={busy}>
              {t('jamRequests.declineConfirm')}
            </button>
            {busy && <Spinner variant="notification" />}
          </>
        }
      >
        <form id={`${id}-decline`} onSubmit={decline} noValidate>
          <div className={`field${reasonError ? ' invalid' : ''}`}>
            <label htmlFor={`${id}-reason`}>
              {t('jamRequests.declineReason')} <span className="required">{t('jamForm.required')}</span>
            </label>
            <textarea
              id={`${id}-reason`}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              maxLength={DECLINE_REASON_MAX}
              rows={4}
              required
              aria-invalid={Boolean(reasonError)}
              aria-describedby={`${id}-reason-hint${reasonError ? ` ${id}-reason-error` : ''}`}
            />
            <p className="hint" id={`${id}-reason-hint`}>
              {t('jamRequests.declineHint', { requester: request.requester.name })}
            </p>
            {reasonError && (
              <p className="field-error" id={`${id}-reason-error`} role="alert">
                {reasonError}
              </p>
            )}
          </div>
        </form>
      </Modal>
    </>
  );
}
