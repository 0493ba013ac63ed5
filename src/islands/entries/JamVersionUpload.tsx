import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { translated, useT } from '#i18n/react';
import { SB3_MAX_BYTES, megabytes } from '#lib/jam-version';
import { reloadWithToast } from '#client/reload-with-toast';
import { $pageViewer, loadPageViewer, mayHaveSession } from '#stores/page-viewer';
import { useHydrated } from '#islands/ui/use-hydrated.ts';
import styles from './JamVersionUpload.module.css';

interface Props {
  slug: string;
  entryId: number;
  /** Whether the jam asks for a jam version (`required`) or takes one (`allowed`). */
  required: boolean;
  /** The entry has one already: a new upload replaces it. */
  uploaded: boolean;
  /** When submissions close (ISO): until then the makers may replace it. */
  endsAt: string;
}

/**
 * The makers' side of the jam version (issue 56 §1, ADR 050): shown only to the entry's team (the page
 * is the same for everyone; the viewer document says whose entry this is). They choose the `.sb3` that
 * the Scratch editor's File → Save to your computer made, and it replaces the previous upload until the
 * deadline (or within their late window); after it, the panel says the upload is frozen.
 */
function JamVersionUpload({ slug, entryId, required, uploaded, endsAt }: Props) {
  const t = useT();
  const hydrated = useHydrated();
  const viewer = useStore($pageViewer);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const hintId = useId();
  const errorId = useId();
  // Whether the deadline had passed when the page opened (the page is rendered again at the deadline).
  const [beforeDeadline] = useState(() => Date.now() < Date.parse(endsAt));

  useEffect(() => {
    if (mayHaveSession()) void loadPageViewer().catch(() => undefined);
  }, []);

  if (!hydrated || viewer?.entry?.id !== entryId) return null;
  const open = beforeDeadline || viewer.lateUntil !== null;
  if (!open) {
    return <p className={styles.frozen}>{uploaded ? t('jamVersion.frozen') : t('jamVersion.closedNone')}</p>;
  }

  const upload = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!file) return setError(t('jamVersion.chooseFile'));
    if (file.size > SB3_MAX_BYTES) return setError(t('jamVersion.tooLarge', { size: megabytes(SB3_MAX_BYTES) }));
    setBusy(true);
    setError(null);
    try {
      const response = await fetch(`/api/jams/${encodeURIComponent(slug)}/entries/${entryId}/jam-version`, {
        method: 'PUT',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/x.scratch.sb3' },
        body: file,
      });
      if (response.ok) return reloadWithToast(t('jamVersion.uploadedToast'));
      const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
      setError(body?.error?.message ?? t('jamVersion.uploadFailed'));
    } catch {
      setError(t('jamVersion.uploadFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void upload(event)} noValidate>
      <h3 className={styles.heading}>{uploaded ? t('jamVersion.replaceHeading') : t('jamVersion.uploadHeading')}</h3>
      <p id={hintId} className={styles.hint}>
        {t(required ? 'jamVersion.requiredHint' : 'jamVersion.allowedHint', { size: megabytes(SB3_MAX_BYTES) })}
      </p>
      <label className={styles.label} htmlFor={fieldId}>
        {t('jamVersion.fileLabel')}
      </label>
      <input
        ref={input}
        id={fieldId}
        className={styles.file}
        type="file"
        accept=".sb3,application/x.scratch.sb3"
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          setFile(event.currentTarget.files?.[0] ?? null);
          setError(null);
        }}
      />
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div>
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? t('jamVersion.uploading') : uploaded ? t('jamVersion.replace') : t('jamVersion.upload')}
        </button>
      </div>
    </form>
  );
}

export default translated(JamVersionUpload);
