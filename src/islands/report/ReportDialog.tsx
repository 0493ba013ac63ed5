import { type SubmitEvent, useId, useState } from 'react';
import { ApiError, api } from '#client/api-client';
import { reportFailure } from '#client/report-failure';
import { useT } from '#i18n/react';
import { REPORT_REASONS, REPORT_TEXT_MAX, type MyReportDto, type ReportReason } from '#lib/schemas/reports';
import { textRefusalOf } from '#lib/text-refusals';
import { pushToast } from '#stores/toasts';
import { Modal } from '../ui/Modal';
import { Spinner } from '../ui/Spinner';
import styles from './Report.module.css';

/** What is reported: a jam (by slug), one of its entries, or a note on one of them. */
export interface ReportTarget {
  slug: string;
  entryId?: number;
  noteId?: number;
}

interface Props {
  open: boolean;
  target: ReportTarget;
  onClose: () => void;
}

/** The report form: a reason (required) and optional details with a character counter. */
export function ReportDialog({ open, target, onClose }: Props) {
  const t = useT();
  const id = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const left = REPORT_TEXT_MAX - text.length;

  const close = () => {
    if (busy) return;
    setReason(null);
    setText('');
    setError(null);
    onClose();
  };

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    if (!reason) {
      setError(t('report.chooseReason'));
      return;
    }
    setBusy(true);
    setError(null);
    const entry = target.entryId ? `/entries/${target.entryId}` : '';
    const note = target.entryId && target.noteId ? `/notes/${target.noteId}` : '';
    const path = `/jams/${encodeURIComponent(target.slug)}${entry}${note}/report`;
    try {
      const report = await api<MyReportDto>(path, { method: 'POST', body: { reason, text } });
      pushToast({ type: 'success', content: { message: t(report.created ? 'report.thanks' : 'report.already') } });
      setBusy(false);
      setReason(null);
      setText('');
      onClose();
    } catch (failure) {
      // The details the filter refused (issue 41): what to change, in the reader's language.
      const refusal = failure instanceof ApiError ? textRefusalOf(failure.code, failure.body) : null;
      setError(refusal ? t(`common.refused.${refusal.rule}`) : reportFailure(t('report.failed'), failure));
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      onClose={close}
      header={t(target.noteId ? 'report.noteTitle' : target.entryId ? 'report.entryTitle' : 'report.jamTitle')}
      subHeader={t('report.intro')}
      closeOnOverlayClick={!busy}
      actions={
        <>
          <button type="button" className="button" onClick={close} disabled={busy}>
            {t('modal.cancel')}
          </button>
          <button type="submit" form={`${id}-form`} className="button primary" disabled={busy}>
            {t('report.send')}
          </button>
          {busy && <Spinner variant="notification" />}
        </>
      }
    >
      <form id={`${id}-form`} className={styles.form} onSubmit={submit} noValidate>
        <fieldset className={styles.reasons} aria-describedby={error ? `${id}-error` : undefined}>
          <legend className="field-label">{t('report.reason')}</legend>
          {REPORT_REASONS.map((value) => (
            <label key={value} className={styles.reason}>
              <input
                type="radio"
                name={`${id}-reason`}
                value={value}
                checked={reason === value}
                onChange={() => {
                  setReason(value);
                  setError(null);
                }}
              />
              {t(`report.reason.${value}`)}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-text`}>{t('report.details')}</label>
          <textarea
            id={`${id}-text`}
            value={text}
            maxLength={REPORT_TEXT_MAX}
            rows={4}
            onChange={(event) => setText(event.target.value)}
            aria-describedby={`${id}-left`}
          />
          <p id={`${id}-left`} className="hint" aria-live="polite">
            {t('report.charactersLeft', { count: left })}
          </p>
        </div>
        <p id={`${id}-error`} className="form-error" role="alert">
          {error}
        </p>
      </form>
    </Modal>
  );
}
