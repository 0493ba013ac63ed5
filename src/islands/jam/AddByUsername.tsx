import type { SubmitEvent } from 'react';
import styles from './PeopleEditor.module.css';

interface Props {
  /** The id the label, the input and the error share. */
  id: string;
  label: string;
  submitLabel: string;
  name: string;
  onNameChange: (name: string) => void;
  error: string | null;
  onSubmit: (event: SubmitEvent) => void;
}

/** The form under a dialog's list of people: one Scratch username and a button (managers, judges). */
export function AddByUsername({ id, label, submitLabel, name, onNameChange, error, onSubmit }: Props) {
  return (
    <form className={`inline-form field ${styles.add}`} onSubmit={onSubmit} noValidate>
      <label htmlFor={`${id}-name`}>{label}</label>
      <div className={styles.addRow}>
        <input
          id={`${id}-name`}
          value={name}
          onChange={(event) => onNameChange(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <button type="submit" className="button primary">
          {submitLabel}
        </button>
      </div>
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
