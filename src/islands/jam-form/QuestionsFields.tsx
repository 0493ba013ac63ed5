import { useT } from '#i18n/react';
import { CHOICES_MAX, CHOICE_MAX, QUESTIONS_MAX, QUESTION_KINDS, QUESTION_PROMPT_MAX, type QuestionKind } from '#lib/questions';
import type { JamFormState, QuestionDraft } from './use-jam-form';
import styles from './QuestionsFields.module.css';

/**
 * The submit form's questions (ADR 042): up to 5, each short text, a yes/no checkbox or one of a few
 * choices, optionally required and optionally private to managers. A kept question keeps its id
 * (so its answers); removing one, or changing its kind, drops its answers.
 */
export default function QuestionsFields({ form }: { form: JamFormState }) {
  const t = useT();
  const { id, values, errors, setQuestions } = form;
  const questions = values.questions;
  const change = (index: number, patch: Partial<QuestionDraft>) =>
    setQuestions(questions.map((question, i) => (i === index ? { ...question, ...patch } : question)));
  const errorId = `${id}-questions-error`;
  return (
    <fieldset className={`questions ${styles.questions}`} aria-describedby={errors.questions ? errorId : `${id}-questions-hint`}>
      <legend>{t('jamForm.questions')}</legend>
      <p className="hint" id={`${id}-questions-hint`}>
        {t('jamForm.questionsHint')}
      </p>
      <ol className={styles.list}>
        {questions.map((question, index) => {
          const rowId = `${id}-question-${index}`;
          const number = index + 1;
          return (
            <li key={question.id ?? `new-${index}`} className={styles.question}>
              <div className="field">
                <label htmlFor={`${rowId}-prompt`}>{t('jamForm.questionPrompt', { number })}</label>
                <input
                  id={`${rowId}-prompt`}
                  type="text"
                  value={question.prompt}
                  maxLength={QUESTION_PROMPT_MAX}
                  aria-invalid={Boolean(errors.questions)}
                  onChange={(event) => change(index, { prompt: event.target.value })}
                />
              </div>
              <div className="field">
                <label htmlFor={`${rowId}-kind`}>{t('jamForm.questionKind', { number })}</label>
                <select
                  id={`${rowId}-kind`}
                  value={question.kind}
                  onChange={(event) => change(index, { kind: event.target.value as QuestionKind })}
                >
                  {QUESTION_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {t(`jamForm.questionKind.${kind}`)}
                    </option>
                  ))}
                </select>
              </div>
              {question.kind === 'choice' && (
                <div className="field">
                  <label htmlFor={`${rowId}-choices`}>{t('jamForm.questionChoices', { number })}</label>
                  <textarea
                    id={`${rowId}-choices`}
                    rows={3}
                    value={question.choices}
                    maxLength={(CHOICE_MAX + 1) * CHOICES_MAX}
                    aria-describedby={`${rowId}-choices-hint`}
                    onChange={(event) => change(index, { choices: event.target.value })}
                  />
                  <p className="hint" id={`${rowId}-choices-hint`}>
                    {t('jamForm.questionChoicesHint')}
                  </p>
                </div>
              )}
              <div className={styles.options}>
                <label className="checkbox">
                  <input
                    type="checkbox"
                    checked={question.required}
                    onChange={(event) => change(index, { required: event.target.checked })}
                  />{' '}
                  {t('jamForm.questionRequired', { number })}
                </label>
                <label className="checkbox">
                  <input
                    type="checkbox"
                    checked={question.private}
                    onChange={(event) => change(index, { private: event.target.checked })}
                  />{' '}
                  {t('jamForm.questionPrivate', { number })}
                </label>
                <button
                  type="button"
                  className="button ghost"
                  onClick={() => setQuestions(questions.filter((_, i) => i !== index))}
                >
                  {t('jamForm.removeQuestion', { number })}
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      {questions.length < QUESTIONS_MAX && (
        <button
          type="button"
          className="button ghost"
          onClick={() =>
            setQuestions([...questions, { kind: 'yesno', prompt: '', choices: '', required: false, private: false }])
          }
        >
          <span aria-hidden="true">+</span> {t('jamForm.addQuestion')}
        </button>
      )}
      {errors.questions && (
        <p className="field-error" id={errorId} role="alert">
          {errors.questions}
        </p>
      )}
    </fieldset>
  );
}
