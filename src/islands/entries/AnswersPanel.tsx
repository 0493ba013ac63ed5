import { useEffect, useState } from 'react';
import type { IslandMessages } from '#i18n/island';
import { IslandI18n, useT } from '#i18n/react';
import { ApiError, api } from '#client/api-client';
import { type EntryAnswers, type JamQuestion, checkAnswers } from '#lib/questions';
import type { EntryAnswersDto } from '#lib/schemas/questions';
import { textRefusalOf } from '#lib/text-refusals';
import { loadPageViewer, mayHaveSession } from '#stores/page-viewer';
import { QuestionFields } from '#islands/jam/QuestionFields.tsx';
import { ReviewAnswers } from '#islands/jam/ReviewAnswers.tsx';
import styles from './AnswersPanel.module.css';
import { renderedByReact } from '#lib/astro-renderer';

interface Props {
  messages: IslandMessages;
  slug: string;
  entryId: number;
  questions: JamQuestion[];
  endsAt: string;
}

/**
 * An entry's answers for the people who may read them all (ADR 042): its team (who may change them
 * while submissions are open, or inside their late window) and the jam's managers. Others see the
 * public answers the page itself shows.
 */
function AnswersPanel({ messages, ...props }: Props) {
  return (
    <IslandI18n messages={messages}>
      <Panel {...props} />
    </IslandI18n>
  );
}

function Panel({ slug, entryId, questions, endsAt }: Omit<Props, 'messages'>) {
  const t = useT();
  const [answers, setAnswers] = useState<EntryAnswersDto | null>(null);
  const [canChange, setCanChange] = useState(false);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<EntryAnswers>({});
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const base = `/jams/${encodeURIComponent(slug)}/entries/${entryId}/answers`;

  useEffect(() => {
    if (questions.length === 0 || !mayHaveSession()) return;
    void loadPageViewer()
      .then(async (viewer) => {
        const onTeam = viewer?.entry?.id === entryId;
        if (!viewer || !(onTeam || viewer.allowed.includes('jam:review-entries'))) return;
        const open = Date.now() < Date.parse(endsAt) || viewer.lateUntil !== null;
        setCanChange(onTeam && open);
        setAnswers(await api<EntryAnswersDto>(base));
      })
      .catch((failure: unknown) => console.error(failure));
  }, [base, entryId, endsAt, questions.length]);

  if (!answers) return null;

  function startEditing() {
    setDraft(Object.fromEntries(answers!.answers.map((answer) => [String(answer.questionId), answer.answer])));
    setErrors({});
    setEditing(true);
  }

  async function save(event: React.SubmitEvent) {
    event.preventDefault();
    const checked = checkAnswers(questions, draft);
    if (!('answers' in checked)) {
      if (checked.questionId !== null) setErrors({ [checked.questionId]: checked.message });
      return;
    }
    setBusy(true);
    try {
      const saved = await api<EntryAnswersDto>(base, { method: 'PUT', body: { answers: checked.answers } });
      setAnswers(saved);
      setEditing(false);
      setStatus(Object.keys(saved.waiting ?? {}).length ? t('questions.held') : t('questions.saved'));
    } catch (failure) {
      console.error(failure);
      const refusal = failure instanceof ApiError ? textRefusalOf(failure.code, failure.body) : null;
      const id = refusal?.field.startsWith('answers.') ? Number(refusal.field.slice('answers.'.length)) : null;
      if (refusal && id !== null) setErrors({ [id]: t(`common.refused.${refusal.rule}`) });
      else setStatus(failure instanceof ApiError ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={`answers-panel ${styles.panel}`} aria-labelledby={`answers-panel-${entryId}`}>
      <h2 id={`answers-panel-${entryId}`}>{t('questions.allAnswers')}</h2>
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
      {editing ? (
        <form className={styles.form} onSubmit={save} noValidate>
          <QuestionFields
            idPrefix={`answers-${entryId}`}
            questions={questions}
            answers={draft}
            onChange={setDraft}
            errors={errors}
          />
          <div className="actions">
            <button type="button" className="button ghost" onClick={() => setEditing(false)}>
              {t('common.cancel')}
            </button>
            <button type="submit" className="button primary" disabled={busy} aria-busy={busy}>
              {t('questions.save')}
            </button>
          </div>
        </form>
      ) : (
        <>
          {answers.answers.length === 0 ? (
            <p className="hint">{t('questions.none')}</p>
          ) : (
            <ReviewAnswers answers={answers.answers} />
          )}
          {Object.entries(answers.waiting ?? {}).map(([id, text]) => (
            <p key={id} className="hint" data-waiting>
              <span className="chip">{t('questions.waitingBadge')}</span>{' '}
              {questions.find((question) => String(question.id) === id)?.prompt}: {text}
            </p>
          ))}
          {canChange && (
            <button type="button" className="button" onClick={startEditing}>
              {t('questions.change')}
            </button>
          )}
        </>
      )}
    </section>
  );
}

export default renderedByReact(AnswersPanel);
