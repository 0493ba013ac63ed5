import { type JamVersionMode, SB3_MAX_BYTES, megabytes } from '#lib/jam-version';
import { useId, useState } from 'react';
import { ApiError, api } from '#client/api-client';
import { reloadWithToast } from '#client/reload-with-toast';
import { submitEntrySchema } from '#lib/schemas/entries';
import { type EntryAnswers, type JamQuestion, checkAnswers, requiredAnswerMessage } from '#lib/questions';
import { textRefusalOf } from '#lib/text-refusals';
import { LocalTime } from '#islands/ui/LocalTime.tsx';
import { QuestionFields } from './QuestionFields';
import { parseScratchProjectUrl, scratchThumbnailUrl } from '#lib/scratch-url';
import { useT } from '#i18n/react';
import Picture from '#components/ui/Picture.tsx';
import { Modal } from '#islands/ui/Modal.tsx';
import styles from './SubmitEntry.module.css';

interface Props {
  slug: string;
  /** The jam's submission questions (ADR 042), asked below the URL. */
  questions?: JamQuestion[];
  /** Submitting after the end through a late window: when it closes. */
  lateUntil?: string | null;
  /** ADR 050: the jam takes (or asks for) the jam version, uploaded here or later on the entry page. */
  jamVersion?: JamVersionMode;
}

/** PUTs the jam version (ADR 050); the refusal's message, or null once it is kept. */
async function uploadJamVersion(slug: string, entryId: number, file: File): Promise<string | null> {
  try {
    const response = await fetch(`/api/jams/${encodeURIComponent(slug)}/entries/${entryId}/jam-version`, {
      method: 'PUT',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/x.scratch.sb3' },
      body: file,
    });
    if (response.ok) return null;
    const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
    return body?.error?.message ?? response.statusText;
  } catch (failure) {
    return String(failure);
  }
}

/** Unanswered yes/no questions are "no" (an unticked checkbox); the others have no answer yet. */
const unticked = (questions: JamQuestion[]): EntryAnswers =>
  Object.fromEntries(questions.filter((q) => q.kind === 'yesno').map((q) => [String(q.id), false]));

/**
 * "Enter the game jam": a Scratch project URL, checked here with the API's own schema. Once the
 * URL names a project, its thumbnail and number show, so people see what they are about to submit.
 */
export function SubmitEntry({ slug, questions = [], lateUntil = null, jamVersion = 'off' }: Props) {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [answers, setAnswers] = useState<EntryAnswers>(() => unticked(questions));
  const [answerErrors, setAnswerErrors] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState(false);
  const [sb3, setSb3] = useState<File | null>(null);

  const scratchId = parseScratchProjectUrl(url);

  async function submit(event: React.SubmitEvent) {
    event.preventDefault();
    const parsed = submitEntrySchema.safeParse({ url, answers });
    const checked = checkAnswers(questions, answers);
    const missing = 'answers' in checked || checked.questionId === null ? {} : { [checked.questionId]: answerMessage(checked) };
    setAnswerErrors(missing);
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
      return;
    }
    setError(null);
    if (Object.keys(missing).length > 0) return;
    setBusy(true);
    try {
      const entry = await api<{ id: number }>(`/jams/${encodeURIComponent(slug)}/entries`, { method: 'POST', body: parsed.data });
      // The jam version goes up once the entry exists; refused, the entry stays and its page takes it later.
      const refused = sb3 ? await uploadJamVersion(slug, entry.id, sb3) : null;
      if (refused) reloadWithToast(t('submit.jamVersionFailed', { message: refused }), 'warning');
      else reloadWithToast(t('submit.success'));
    } catch (failure) {
      setBusy(false);
      console.error(failure);
      const atQuestion = failure instanceof ApiError ? questionOf(failure) : null;
      if (atQuestion) setAnswerErrors({ [atQuestion.id]: atQuestion.message });
      else setError(failure instanceof ApiError ? failure.message : String(failure));
    }
  }

  /** A required question left out, said in the reader's language; the server's other messages as they are. */
  function answerMessage(problem: { questionId: number | null; message: string }): string {
    const question = questions.find((q) => q.id === problem.questionId);
    return question && problem.message === requiredAnswerMessage(question.prompt)
      ? t('submit.answerRequired', { prompt: question.prompt })
      : problem.message;
  }

  /** Where the API's refusal belongs: a question it names, or a text answer the filter refused. */
  function questionOf(failure: ApiError): { id: number; message: string } | null {
    const refusal = textRefusalOf(failure.code, failure.body);
    if (refusal?.field.startsWith('answers.')) {
      return { id: Number(refusal.field.slice('answers.'.length)), message: t(`common.refused.${refusal.rule}`) };
    }
    const questionId = (failure.body as { error?: { questionId?: unknown } } | undefined)?.error?.questionId;
    return typeof questionId === 'number'
      ? { id: questionId, message: answerMessage({ questionId, message: failure.message }) }
      : null;
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
          {questions.length > 0 && (
            <QuestionFields idPrefix={id} questions={questions} answers={answers} onChange={setAnswers} errors={answerErrors} />
          )}
          {jamVersion !== 'off' && (
            <div className={`field ${styles.field}`}>
              <label htmlFor={`${id}-sb3`}>{t('submit.jamVersion')}</label>
              <input
                id={`${id}-sb3`}
                type="file"
                accept=".sb3,application/x.scratch.sb3"
                className={styles.file}
                aria-describedby={`${id}-sb3-hint`}
                onChange={(event) => setSb3(event.currentTarget.files?.[0] ?? null)}
              />
              <p className="hint" id={`${id}-sb3-hint`}>
                {t(jamVersion === 'required' ? 'submit.jamVersionRequiredHint' : 'submit.jamVersionHint', {
                  size: megabytes(SB3_MAX_BYTES),
                })}
              </p>
            </div>
          )}
          {lateUntil && (
            <p className="hint">
              {t('submit.lateOpen')} <LocalTime iso={lateUntil} />
            </p>
          )}
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
