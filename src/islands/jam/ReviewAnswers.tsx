import { useT } from '#i18n/react';
import type { AnswerDto } from '#lib/schemas/questions';
import styles from './ReviewAnswers.module.css';

/** An entry's answers in the managers' review list (ADR 042): private ones marked as such. */
export function ReviewAnswers({ answers }: { answers: AnswerDto[] }) {
  const t = useT();
  if (answers.length === 0) return null;
  return (
    <div role="group" aria-label={t('review.answers')}>
      <dl className={styles.answers}>
        {answers.map((answer) => (
          <div key={answer.questionId}>
            <dt>
              {answer.prompt}
              {answer.private && (
                <>
                  {' '}
                  <span className={`chip ${styles.private}`}>{t('review.privateAnswer')}</span>
                </>
              )}
            </dt>
            <dd>{typeof answer.answer === 'boolean' ? t(answer.answer ? 'questions.yes' : 'questions.no') : answer.answer}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
