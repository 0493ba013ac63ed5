import { useState } from 'react';
import { api } from '#client/api-client';
import { reloadWithToast } from '#client/reload-with-toast';
import { translated, useT } from '#i18n/react';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import styles from './PublishResults.module.css';
import { reportFailure } from '#client/report-failure';

interface Props {
  slug: string;
}

/**
 * The managers' "Publish results" of a jam with manual results (ADR 041), on the review page once
 * voting has ended: a confirmation first, then the results are public and the inbox tells everyone.
 */
export default translated(PublishResults);

function PublishResults({ slug }: Props) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const publish = async () => {
    try {
      await api(`/jams/${encodeURIComponent(slug)}/results`, { method: 'PUT' });
      setConfirming(false);
      reloadWithToast(t('publish.done'));
    } catch (failure) {
      setConfirming(false);
      reportFailure(t('publish.failed'), failure, { reason: 'always', quiet: true });
    }
  };
  return (
    <section className={`notice ${styles.panel}`} aria-labelledby="publish-heading" data-publish-results>
      <h2 id="publish-heading" className={styles.heading}>
        {t('publish.heading')}
      </h2>
      <p>{t('publish.hidden')}</p>
      <button type="button" className="button primary" onClick={() => setConfirming(true)}>
        {t('publish.button')}
      </button>
      <ConfirmDialog
        open={confirming}
        title={t('publish.confirmTitle')}
        message={t('publish.confirmMessage')}
        confirmLabel={t('publish.button')}
        onCancel={() => setConfirming(false)}
        onConfirm={publish}
      />
    </section>
  );
}
