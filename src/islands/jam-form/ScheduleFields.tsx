import { useT } from '#i18n/react';
import styles from '../JamForm.module.css';
import Field from './Field';
import type { JamFormState } from './use-jam-form';

/** When the jam starts and ends (side by side when there is room), and mystery mode where it may still be chosen. */
export default function ScheduleFields({ form }: { form: JamFormState }) {
  const t = useT();
  const { id, mode, values, errors, set, describedBy } = form;
  return (
    <>
      <div className={`field-row ${styles.row}`}>
        <Field form={form} name="startsAt" label={t('jamForm.startsAt')} required>
          <input
            id={`${id}-startsAt`}
            type="datetime-local"
            value={values.startsAt}
            onChange={set('startsAt')}
            required
            aria-invalid={Boolean(errors.startsAt)}
            aria-describedby={describedBy('startsAt')}
          />
        </Field>
        <Field form={form} name="endsAt" label={t('jamForm.endsAt')} required>
          <input
            id={`${id}-endsAt`}
            type="datetime-local"
            value={values.endsAt}
            onChange={set('endsAt')}
            required
            aria-invalid={Boolean(errors.endsAt)}
            aria-describedby={describedBy('endsAt')}
          />
        </Field>
      </div>
      {mode !== 'edit' && (
        <div className={`field ${styles.field} ${styles.mystery}`}>
          <label className="checkbox">
            <input type="checkbox" checked={values.mystery} onChange={set('mystery')} aria-describedby={`${id}-mystery-hint`} />{' '}
            {t('jamForm.mystery')}
          </label>
          <p className="hint" id={`${id}-mystery-hint`}>
            {t('jamForm.mysteryHint')}
          </p>
        </div>
      )}
    </>
  );
}
