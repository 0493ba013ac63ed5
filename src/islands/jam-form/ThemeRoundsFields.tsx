import { THEME_FINALISTS_MAX, THEME_FINALISTS_MIN } from '#lib/themes';
import { useT } from '#i18n/react';
import styles from '../JamForm.module.css';
import Field from './Field';
import type { JamFormState } from './use-jam-form';
import { THEME_FIELDS } from './theme-schedule';

const DATES = [THEME_FIELDS.suggestFrom, THEME_FIELDS.round1From, THEME_FIELDS.finalFrom, THEME_FIELDS.closesAt] as const;

/**
 * "Theme chosen by the community" (ADR 043): a checkbox that reveals the schedule of the theme
 * rounds (four moments, then how many finalists), sent with the jam in the same request. Locked,
 * with the reason, once the jam has started.
 */
export default function ThemeRoundsFields({ form }: { form: JamFormState }) {
  const t = useT();
  const { id, values, errors, set, describedBy, themeLocked } = form;
  return (
    <fieldset className={`theme-rounds ${styles.judging}`} disabled={themeLocked}>
      <legend>{t('jamForm.themeHeading')}</legend>
      <div className={`field ${styles.field}`}>
        <label className="checkbox">
          <input
            type="checkbox"
            name="themeRounds"
            checked={values.themeRounds}
            onChange={set('themeRounds')}
            aria-describedby={`${id}-themeRounds-hint`}
            aria-controls={`${id}-theme-schedule`}
          />{' '}
          {t('jamForm.themeRounds')}
        </label>
        <p className="hint" id={`${id}-themeRounds-hint`}>
          {themeLocked ? t('jamForm.themeLocked') : t('jamForm.themeRoundsHint')}
        </p>
      </div>
      <div id={`${id}-theme-schedule`} className={styles.themeSchedule} hidden={!values.themeRounds}>
        <div className={`field-row ${styles.row}`}>
          {DATES.map((name) => (
            <Field key={name} form={form} name={name} label={t(`jamForm.${name}`)} required>
              <input
                id={`${id}-${name}`}
                type="datetime-local"
                value={values[name]}
                onChange={set(name)}
                required={values.themeRounds}
                aria-invalid={Boolean(errors[name])}
                aria-describedby={[describedBy(name), `${id}-theme-dates-hint`].filter(Boolean).join(' ')}
              />
            </Field>
          ))}
        </div>
        {/* Said once under the four dates, so the fields of a row stay level. */}
        <p className="hint" id={`${id}-theme-dates-hint`}>
          {t('jamForm.themeClosesAtHint')}
        </p>
        <Field form={form} name="themeFinalists" label={t('jamForm.themeFinalists')} hint={t('jamForm.themeFinalistsHint')}>
          <input
            id={`${id}-themeFinalists`}
            className={styles.finalists}
            type="number"
            inputMode="numeric"
            min={THEME_FINALISTS_MIN}
            max={THEME_FINALISTS_MAX}
            step={1}
            value={values.themeFinalists}
            onChange={set('themeFinalists')}
            aria-invalid={Boolean(errors.themeFinalists)}
            aria-describedby={describedBy('themeFinalists', true)}
          />
        </Field>
      </div>
    </fieldset>
  );
}
