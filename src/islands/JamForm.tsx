import { useT } from '#i18n/react';
import { JAM_REQUEST_NOTE_MAX } from '#lib/schemas/jam-requests';
import { useHydrated } from './ui/use-hydrated';
import BodyEditor from './jam-form/BodyEditor';
import CoverField from './jam-form/CoverField';
import LookFields from './jam-form/LookFields';
import Field from './jam-form/Field';
import FormActions from './jam-form/FormActions';
import JudgingFields from './jam-form/JudgingFields';
import QuestionsFields from './jam-form/QuestionsFields';
import ScheduleFields from './jam-form/ScheduleFields';
import ThemeRoundsFields from './jam-form/ThemeRoundsFields';
import { type JamFormOptions, useJamForm } from './jam-form/use-jam-form';
import styles from './JamForm.module.css';

interface Props extends JamFormOptions {
  onCancel?: () => void;
  /** Reviewing: the Decline button. */
  onDecline?: () => void;
}

/**
 * Create or edit a game jam, ask the administrators for one, or review such a request; validated
 * with the same zod schema as the API. Its state and submit are in jam-form/use-jam-form.ts, its
 * groups of fields in jam-form/.
 */
export default function JamForm({ onCancel, onDecline, ...options }: Props) {
  const t = useT();
  const hydrated = useHydrated();
  const form = useJamForm(options);
  const { id, mode, judging, values, errors, saving, set, submit, describedBy } = form;

  return (
    <form className={`jam-form ${styles.form}`} onSubmit={submit} noValidate>
      {/* Until hydrated, a submit would reload the page and typing could be reset: keep it all disabled. */}
      <fieldset className={`form-fields ${styles.fields}`} disabled={!hydrated}>
        <Field form={form} name="name" label={t('jamForm.name')} required>
          <input
            id={`${id}-name`}
            value={values.name}
            onChange={set('name')}
            maxLength={80}
            required
            aria-invalid={Boolean(errors.name)}
            aria-describedby={describedBy('name')}
          />
        </Field>
        <Field form={form} name="description" label={t('jamForm.description')} required hint={t('jamForm.descriptionHint')}>
          <textarea
            id={`${id}-description`}
            value={values.description}
            onChange={set('description')}
            maxLength={300}
            rows={2}
            required
            aria-invalid={Boolean(errors.description)}
            aria-describedby={describedBy('description', true)}
          />
        </Field>
        <BodyEditor form={form} />
        <CoverField form={form} slug={options.jam?.slug} />
        {judging && <LookFields form={form} />}
        <ScheduleFields form={form} />
        {judging && <ThemeRoundsFields form={form} />}
        {judging && <JudgingFields form={form} />}
        {judging && <QuestionsFields form={form} />}
        {mode === 'request' && (
          <Field form={form} name="note" label={t('jamRequest.note')} hint={t('jamRequest.noteHint')}>
            <textarea
              id={`${id}-note`}
              value={values.note}
              onChange={set('note')}
              maxLength={JAM_REQUEST_NOTE_MAX}
              rows={4}
              aria-invalid={Boolean(errors.note)}
              aria-describedby={describedBy('note', true)}
            />
          </Field>
        )}
        <FormActions mode={mode} saving={saving} onCancel={onCancel} onDecline={onDecline} />
      </fieldset>
    </form>
  );
}
