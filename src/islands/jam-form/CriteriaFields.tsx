import { useT } from '#i18n/react';
import { CRITERIA_MAX, CRITERIA_MIN, CRITERION_NAME_MAX, MIN_RATINGS_MAX } from '#lib/judging';
import Field from './Field';
import type { JamFormState } from './use-jam-form';
import styles from './CriteriaFields.module.css';

/**
 * A ratings jam's criteria (ADR 039): rename, add (up to 6), remove (at least 1 stays), and how many
 * ratings an entry needs on a criterion to be ranked on it. A renamed criterion keeps its id, so its
 * ratings; the server refuses removing one that has ratings.
 */
export default function CriteriaFields({ form }: { form: JamFormState }) {
  const t = useT();
  const { id, values, errors, set, setCriteria, describedBy } = form;
  const criteria = values.criteria;
  const rename = (index: number, name: string) =>
    setCriteria(criteria.map((criterion, i) => (i === index ? { ...criterion, name } : criterion)));
  return (
    <>
      <fieldset className={styles.criteria} aria-describedby={errors.criteria ? `${id}-criteria-error` : undefined}>
        <legend>{t('jamForm.criteria')}</legend>
        <ol className={`card-list ${styles.list}`}>
          {criteria.map((criterion, index) => (
            <li key={criterion.id ?? `new-${index}`} className={styles.row}>
              <input
                type="text"
                value={criterion.name}
                maxLength={CRITERION_NAME_MAX}
                aria-label={t('jamForm.criterionName', { number: index + 1 })}
                aria-invalid={Boolean(errors.criteria)}
                onChange={(event) => rename(index, event.target.value)}
              />
              <button
                type="button"
                className="button ghost"
                aria-label={t('jamForm.removeCriterion', { number: index + 1 })}
                disabled={criteria.length <= CRITERIA_MIN}
                onClick={() => setCriteria(criteria.filter((_, i) => i !== index))}
              >
                <span aria-hidden="true">✕</span>
              </button>
            </li>
          ))}
        </ol>
        {criteria.length < CRITERIA_MAX && (
          <button type="button" className="button ghost" onClick={() => setCriteria([...criteria, { name: '' }])}>
            <span aria-hidden="true">+</span> {t('jamForm.addCriterion')}
          </button>
        )}
        {errors.criteria && (
          <p className="field-error" id={`${id}-criteria-error`} role="alert">
            {errors.criteria}
          </p>
        )}
      </fieldset>
      <Field form={form} name="minRatings" label={t('jamForm.minRatings')} hint={t('jamForm.minRatingsHint')}>
        <input
          id={`${id}-minRatings`}
          type="number"
          inputMode="numeric"
          min={0}
          max={MIN_RATINGS_MAX}
          value={values.minRatings}
          onChange={set('minRatings')}
          aria-invalid={Boolean(errors.minRatings)}
          aria-describedby={describedBy('minRatings', true)}
        />
      </Field>
    </>
  );
}
