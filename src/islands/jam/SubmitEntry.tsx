import { useId, useState } from 'react';
import { ApiError, api } from '#client/api-client';
import { reloadWithToast } from '#client/reload-with-toast';
import { submitEntrySchema } from '#lib/schemas/entries';
import { parseScratchProjectUrl, scratchThumbnailUrl } from '#lib/scratch-url';
import { useT } from '#i18n/react';
import Picture from '#components/ui/Picture.tsx';
import { Modal } from '#islands/ui/Modal.tsx';
import styles from './SubmitEntry.module.css';

/**
 * "Enter the game jam": a Scratch project URL, checked here with the API's own schema. Once the
 * URL names a project, its thumbnail and number show, so people see what they are about to submit.
 */
export function SubmitEntry({ slug }: { slug: string }) {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const scratchId = parseScratchProjectUrl(url);

  async function submit(event: React.SubmitEvent) {
    event.preventDefault();
    const parsed = submitEntrySchema.safeParse({ url });
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await api(`/jams/${encodeURIComponent(slug)}/entries`, { method: 'POST', body: parsed.data });
      reloadWithToast(t('submit.success'));
    } catch (failure) {
      setBusy(false);
      console.error(failure);
      setError(failure instanceof ApiError ? failure.message : String(failure));
    }
  }

  return (
    <>
      <button type="button" className="button primary" onClick={() => setOpen(true)}>
        {t('submit.open')}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} header={t('submit.title')} subHeader={t('submit.help')}>
        <form className={styles.form} onSubmit={submit} noValidate>
          <div className={`field ${styles.field}${error ? ' invalid' : ''}`}>
            <label htmlFor={`${id}-url`}>{t('submit.url')}</label>
            <input
              id={`${id}-url`}
              type="url"
              inputMode="url"
              placeholder="https://scratch.mit.edu/projects/…"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            {error && (
              <p className="field-error" id={`${id}-error`} role="alert">
                {error}
              </p>
            )}
          </div>
          <figure className={`project-preview ${styles.preview}`} data-empty={scratchId === null || undefined}>
            <Picture
              src={scratchId === null ? null : scratchThumbnailUrl(scratchId)}
              seed={String(scratchId ?? 'project')}
              ratio="4 / 3"
              width={480}
              height={360}
              eager
              className={styles.thumbnail}
            />
            <figcaption className={styles.caption}>
              {scratchId === null ? (
                <span className="hint">{t('submit.preview')}</span>
              ) : (
                <>
                  <span className={styles.scratchId}>{t('submit.projectId', { id: scratchId })}</span>{' '}
                  <span className="hint">scratch.mit.edu/projects/{scratchId}</span>
                </>
              )}
            </figcaption>
          </figure>
          <div className={`actions ${styles.actions}`}>
            <button type="button" className="button ghost" onClick={() => setOpen(false)}>
              {t('common.cancel')}
            </button>
            <button type="submit" className="button primary" disabled={busy} aria-busy={busy}>
              {t('submit.submit')}
            </button>
          </div>
        </form>
      </Modal>
    </>
  );
}
