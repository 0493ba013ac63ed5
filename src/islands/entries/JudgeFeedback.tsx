import { type SubmitEvent, useEffect, useId, useState } from 'react';
import { ApiError, api } from '#client/api-client';
import { translated, useT } from '#i18n/react';
import { JUDGE_FEEDBACK_MAX } from '#lib/judging';
import { type JudgeFeedbackListDto, judgeFeedbackInputSchema } from '#lib/schemas/judges';
import { textRefusalOf } from '#lib/text-refusals';
import { loadEntryViewer } from '#stores/page-viewer';
import { $session, loadSession } from '#stores/session';
import styles from './JudgeFeedback.module.css';

interface Props {
  slug: string;
  entryId: number;
}

/**
 * Judges' private feedback (ADR 040): the entry's team and the jam's managers read it, a judge writes
 * their own. It comes with the page's viewer document, so the cached page holds nothing of it and
 * nobody else ever sees the block.
 */
export default translated(JudgeFeedback);

function JudgeFeedback({ slug, entryId }: Props) {
  const t = useT();
  const id = useId();
  const base = `/jams/${encodeURIComponent(slug)}/entries/${entryId}/judge-feedback`;
  const [state, setState] = useState<JudgeFeedbackListDto | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void loadSession().then(async () => {
      if ($session.get().status !== 'authenticated') return;
      const viewer = await loadEntryViewer(slug, entryId).catch(() => null);
      const feedback = viewer ? viewer.judgeFeedback : await api<JudgeFeedbackListDto>(base).catch(() => null);
      if (!feedback) return;
      setState(feedback);
      setText(feedback.feedback.find((item) => item.mine)?.text ?? '');
    });
  }, [slug, entryId, base]);

  if (!state) return null;
  const mine = state.feedback.find((item) => item.mine);
  const others = state.feedback.filter((item) => !item.mine);

  async function send(method: 'PUT' | 'DELETE') {
    if (method === 'PUT') {
      const parsed = judgeFeedbackInputSchema.safeParse({ text });
      if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    }
    setBusy(true);
    try {
      const next = await api<JudgeFeedbackListDto>(base, { method, ...(method === 'PUT' ? { body: { text } } : {}) });
      setState(next);
      setError(null);
      if (method === 'DELETE') setText('');
      setStatus(t(method === 'PUT' ? 'judgeFeedback.saved' : 'judgeFeedback.deleted'));
    } catch (failure) {
      const refusal = failure instanceof ApiError ? textRefusalOf(failure.code, failure.body) : null;
      setError(refusal ? t(`common.refused.${refusal.rule}`) : failure instanceof ApiError ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    void send('PUT');
  };

  return (
    <section id="judge-feedback" className={`judge-feedback card ${styles.section}`} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('judgeFeedback.heading')}</h2>
      <p className={styles.private}>{t('judgeFeedback.private')}</p>
      {others.length > 0 && (
        <ul className={styles.list}>
          {others.map((item) => (
            <li key={item.judge.name} className={styles.item}>
              <span className={styles.judge}>{t('judgeFeedback.from', { name: item.judge.name })}</span>
              <p className={styles.text}>{item.text}</p>
            </li>
          ))}
        </ul>
      )}
      {others.length === 0 && !state.canWrite && !mine && <p className="empty-state">{t('judgeFeedback.none')}</p>}
      {state.canWrite ? (
        <form className={`field ${styles.form}`} onSubmit={submit} noValidate>
          <label htmlFor={`${id}-text`}>{t('judgeFeedback.yours')}</label>
          <textarea
            id={`${id}-text`}
            value={text}
            maxLength={JUDGE_FEEDBACK_MAX}
            onChange={(event) => setText(event.target.value)}
            aria-invalid={Boolean(error)}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          />
          <p className="hint" id={`${id}-hint`}>
            {t('judgeFeedback.hint', { max: JUDGE_FEEDBACK_MAX })}
          </p>
          {error && (
            <p className="field-error" id={`${id}-error`} role="alert">
              {error}
            </p>
          )}
          <div className={styles.buttons}>
            <button type="submit" className="button primary" disabled={busy}>
              {t('judgeFeedback.save')}
            </button>
            {mine && (
              <button type="button" className="button ghost" disabled={busy} onClick={() => void send('DELETE')}>
                {t('judgeFeedback.delete')}
              </button>
            )}
          </div>
        </form>
      ) : (
        mine && (
          <div className={styles.item}>
            <span className={styles.judge}>{t('judgeFeedback.yours')}</span>
            <p className={styles.text}>{mine.text}</p>
          </div>
        )
      )}
      <p className="visually-hidden" aria-live="polite">
        {status}
      </p>
    </section>
  );
}
