import { useT } from '#i18n/react';
import { type EntryAnswers, type JamQuestion, TEXT_ANSWER_MAX } from '#lib/questions';
import styles from './QuestionFields.module.css';

interface Props {
  idPrefix: string;
  questions: JamQuestion[];
  answers: EntryAnswers;
  onChange: (answers: EntryAnswers) => void;
  /** An error shown at its question (`questionId`). */
  errors: Record<number, string>;
}

/**
 * The jam's submission questions as form fields (ADR 042): a checkbox for yes/no, a short text, or a
 * list of choices; required ones are marked, private ones say who reads them. Errors show at their question.
 */
export function QuestionFields({ idPrefix, questions, answers, onChange, errors }: Props) {
  const t = useT();
  const set = (question: JamQuestion, value: string | boolean) => onChange({ ...answers, [String(question.id)]: value });
  return (
    <fieldset className={styles.questions}>
      <legend>{t('submit.questions')}</legend>
      {questions.map((question) => {
        const id = `${idPrefix}-q${question.id}`;
        const error = errors[question.id];
        const value = answers[String(question.id)];
        const described =
          [question.private ? `${id}-private` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
        const label = (
          <>
            {question.prompt}
            {question.required && <span className={styles.required}> {t('submit.required')}</span>}
          </>
        );
        return (
          <div key={question.id} className={`field ${styles.question}${error ? ' invalid' : ''}`}>
            {question.kind === 'yesno' ? (
              <label className="checkbox">
                <input
                  id={id}
                  type="checkbox"
                  checked={value === true}
                  onChange={(event) => set(question, event.target.checked)}
                  aria-invalid={Boolean(error)}
                  aria-describedby={described}
                />{' '}
                {label}
              </label>
            ) : (
              <label htmlFor={id}>{label}</label>
            )}
            {question.kind === 'text' && (
              <input
                id={id}
                type="text"
                maxLength={TEXT_ANSWER_MAX}
                value={typeof value === 'string' ? value : ''}
                onChange={(event) => set(question, event.target.value)}
                aria-invalid={Boolean(error)}
                aria-describedby={described}
              />
            )}
            {question.kind === 'choice' && (
              <select
                id={id}
                value={typeof value === 'string' ? value : ''}
                onChange={(event) => set(question, event.target.value)}
                aria-invalid={Boolean(error)}
                aria-describedby={described}
              >
                <option value="">{t('submit.choose')}</option>
                {question.choices.map((choice) => (
                  <option key={choice} value={choice}>
                    {choice}
                  </option>
                ))}
              </select>
            )}
            {question.private && (
              <p className="hint" id={`${id}-private`}>
                {t('submit.privateAnswer')}
              </p>
            )}
            {error && (
              <p className="field-error" id={`${id}-error`} role="alert">
                {error}
              </p>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
