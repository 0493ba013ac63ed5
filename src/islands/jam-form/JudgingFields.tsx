import { JAM_VERSION_MODES } from '#lib/jam-version';
import { FEEDBACK_MODES } from '#lib/feedback';
import { JUDGING_MODES, RESULTS_MODES, WHO_CAN_VOTE, WHO_JUDGES } from '#lib/judging';
import { useT } from '#i18n/react';
import styles from '../JamForm.module.css';
import Field from './Field';
import CriteriaFields from './CriteriaFields';
import type { JamFormState } from './use-jam-form';

/** Fair judging: when voting ends, who may vote, the entry rules and the kind of feedback (jams only, not requests). */
export default function JudgingFields({ form }: { form: JamFormState }) {
  const t = useT();
  const { id, values, errors, set, describedBy } = form;
  return (
    <fieldset className={`judging ${styles.judging}`}>
      <legend>{t('jamForm.judging')}</legend>
      <fieldset className={`field ${styles.field} ${styles.judgedBy}`}>
        <legend>{t('jamForm.judgedBy')}</legend>
        {JUDGING_MODES.map((mode) => (
          <div key={mode}>
            <label className="checkbox">
              <input
                type="radio"
                name={`${id}-judging`}
                value={mode}
                checked={values.judging === mode}
                onChange={set('judging')}
                aria-describedby={`${id}-judging-${mode}-hint`}
              />{' '}
              {t(`jamForm.judgedBy.${mode}`)}
            </label>
            <p className="hint" id={`${id}-judging-${mode}-hint`}>
              {t(`jamForm.judgedBy.${mode}Hint`)}
            </p>
          </div>
        ))}
      </fieldset>
      {values.judging === 'ratings' && <CriteriaFields form={form} />}
      <div className={`field ${styles.field}`}>
        <label htmlFor={`${id}-whoJudges`}>{t('jamForm.whoJudges')}</label>
        <select
          id={`${id}-whoJudges`}
          value={values.whoJudges}
          onChange={set('whoJudges')}
          aria-describedby={`${id}-whoJudges-hint`}
        >
          {WHO_JUDGES.map((who) => (
            <option key={who} value={who}>
              {t(`jamForm.whoJudges.${who}`)}
            </option>
          ))}
        </select>
        <p className="hint" id={`${id}-whoJudges-hint`}>
          {t(`jamForm.whoJudges.${values.whoJudges}Hint`)}
        </p>
      </div>
      <Field form={form} name="votingEndsAt" label={t('jamForm.votingEndsAt')} hint={t('jamForm.votingEndsAtHint')}>
        <input
          id={`${id}-votingEndsAt`}
          type="datetime-local"
          value={values.votingEndsAt}
          onChange={set('votingEndsAt')}
          aria-invalid={Boolean(errors.votingEndsAt)}
          aria-describedby={describedBy('votingEndsAt', true)}
        />
      </Field>
      <div className={`field ${styles.field}`}>
        <label htmlFor={`${id}-whoCanVote`}>{t('jamForm.whoCanVote')}</label>
        <select id={`${id}-whoCanVote`} value={values.whoCanVote} onChange={set('whoCanVote')}>
          {WHO_CAN_VOTE.map((rule) => (
            <option key={rule} value={rule}>
              {t(`jamForm.whoCanVote.${rule}`)}
            </option>
          ))}
        </select>
      </div>
      <fieldset className={`field ${styles.field} ${styles.judgedBy}`}>
        <legend>{t('jamForm.results')}</legend>
        {RESULTS_MODES.map((mode) => (
          <div key={mode}>
            <label className="checkbox">
              <input
                type="radio"
                name={`${id}-results`}
                value={mode}
                checked={values.results === mode}
                onChange={set('results')}
                aria-describedby={`${id}-results-${mode}-hint`}
              />{' '}
              {t(`jamForm.results.${mode}`)}
            </label>
            <p className="hint" id={`${id}-results-${mode}-hint`}>
              {t(`jamForm.results.${mode}Hint`)}
            </p>
          </div>
        ))}
      </fieldset>
      {(['refuseOldProjects', 'playBeforeVote', 'hiddenEntries'] as const).map((option) => (
        <div key={option} className={`field ${styles.field}`}>
          <label className="checkbox">
            <input
              type="checkbox"
              name={option}
              checked={values[option]}
              onChange={set(option)}
              aria-describedby={`${id}-${option}-hint`}
            />{' '}
            {t(`jamForm.${option}`)}
          </label>
          <p className="hint" id={`${id}-${option}-hint`}>
            {t(`jamForm.${option}Hint`)}
          </p>
        </div>
      ))}
      <fieldset className={`field ${styles.field} ${styles.judgedBy}`}>
        <legend>{t('jamForm.jamVersion')}</legend>
        {JAM_VERSION_MODES.map((mode) => (
          <div key={mode}>
            <label className="checkbox">
              <input
                type="radio"
                name={`${id}-jamVersion`}
                value={mode}
                checked={values.jamVersion === mode}
                onChange={set('jamVersion')}
                aria-describedby={`${id}-jamVersion-${mode}-hint`}
              />{' '}
              {t(`jamForm.jamVersion.${mode}`)}
            </label>
            <p className="hint" id={`${id}-jamVersion-${mode}-hint`}>
              {t(`jamForm.jamVersion.${mode}Hint`)}
            </p>
          </div>
        ))}
        {values.jamVersion !== 'off' && (
          <div>
            <label className="checkbox">
              <input
                type="checkbox"
                name="judgeJamVersion"
                checked={values.judgeJamVersion}
                onChange={set('judgeJamVersion')}
                aria-describedby={`${id}-judgeJamVersion-hint`}
              />{' '}
              {t('jamForm.judgeJamVersion')}
            </label>
            <p className="hint" id={`${id}-judgeJamVersion-hint`}>
              {t('jamForm.judgeJamVersionHint')}
            </p>
          </div>
        )}
      </fieldset>
      <div className={`field ${styles.field}`}>
        <label htmlFor={`${id}-feedback`}>{t('jamForm.feedback')}</label>
        <select id={`${id}-feedback`} value={values.feedback} onChange={set('feedback')} aria-describedby={`${id}-feedback-hint`}>
          {FEEDBACK_MODES.map((mode) => (
            <option key={mode} value={mode}>
              {t(`jamForm.feedback.${mode}`)}
            </option>
          ))}
        </select>
        <p className="hint" id={`${id}-feedback-hint`}>
          {t('jamForm.feedbackHint')}
        </p>
      </div>
    </fieldset>
  );
}
