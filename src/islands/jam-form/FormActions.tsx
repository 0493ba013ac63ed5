import { useT } from '#i18n/react';
import styles from '../JamForm.module.css';
import type { Mode } from './use-jam-form';

interface Props {
  mode: Mode;
  saving: boolean;
  onCancel?: () => void;
  onDecline?: () => void;
}

/** The form's buttons: Cancel (when the form can be left), then Create, Save changes or Send; reviewing a request, Decline, Save and Approve. */
export default function FormActions({ mode, saving, onCancel, onDecline }: Props) {
  const t = useT();
  return (
    <div className={`actions ${styles.actions}`}>
      {onCancel && (
        <button type="button" className="button ghost" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      )}
      {mode === 'review' ? (
        <>
          <button type="button" className="button danger" onClick={onDecline} disabled={saving}>
            {t('jamRequests.decline')}
          </button>
          <button type="submit" className="button" data-intent="save" disabled={saving} aria-busy={saving}>
            {t('jamForm.save')}
          </button>
          <button type="submit" className="button primary large" data-intent="approve" disabled={saving} aria-busy={saving}>
            {t('jamRequests.approve')}
          </button>
        </>
      ) : (
        <button type="submit" className="button primary large" disabled={saving} aria-busy={saving}>
          {mode === 'edit' ? t('jamForm.save') : mode === 'request' ? t('jamRequest.send') : t('jamForm.create')}
        </button>
      )}
    </div>
  );
}
