import type { ReactNode } from 'react';
import { useT } from '#i18n/react';
import styles from '../JamForm.module.css';
import type { Field as FieldName, JamFormState } from './use-jam-form';

interface Props {
  form: Pick<JamFormState, 'id' | 'errors'>;
  name: FieldName;
  label: string;
  required?: boolean;
  hint?: string;
  /** The control, with the id `${form.id}-${name}`. */
  children: ReactNode;
}

/** One labelled field of the jam form, with its hint and its error. */
export default function Field({ form: { id, errors }, name, label, required = false, hint, children }: Props) {
  const t = useT();
  return (
    <div className={`field ${styles.field}${errors[name] ? ' invalid' : ''}`}>
      <label htmlFor={`${id}-${name}`}>
        {label} {required && <span className="required">{t('jamForm.required')}</span>}
      </label>
      {children}
      {hint && (
        <p className="hint" id={`${id}-${name}-hint`}>
          {hint}
        </p>
      )}
      {errors[name] && (
        <p className="field-error" id={`${id}-${name}-error`} role="alert">
          {errors[name]}
        </p>
      )}
    </div>
  );
}
