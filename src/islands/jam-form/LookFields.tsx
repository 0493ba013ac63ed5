import { useT } from '#i18n/react';
import { HEX_COLOUR, checkAccent, labelOn } from '#lib/jam-colours';
import Field from './Field';
import styles from './LookFields.module.css';
import type { JamFormState } from './use-jam-form';

/**
 * The host's own look (ADR 049): an accent colour, typed or picked, checked for contrast in the
 * light, dark and flame schemes (a refused one offers the nearest that works), and a banner picture.
 */
export default function LookFields({ form }: { form: JamFormState }) {
  const t = useT();
  const { id, values, errors, set, describedBy } = form;
  const colour = values.accentColor.trim();
  const valid = HEX_COLOUR.test(colour);
  const suggestion = errors.accentColor && valid ? checkAccent(colour).suggestion : null;
  const choose = (value: string) => set('accentColor')({ target: { value } });
  return (
    <div className={styles.look}>
      <Field form={form} name="accentColor" label={t('jamForm.accentColor')} hint={t('jamForm.accentHint')}>
        <div className={styles.colourRow}>
          <input
            id={`${id}-accentColor`}
            className={styles.hex}
            value={values.accentColor}
            onChange={set('accentColor')}
            placeholder="#2e7d32"
            maxLength={7}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={Boolean(errors.accentColor)}
            aria-describedby={describedBy('accentColor', true)}
          />
          <input
            type="color"
            className={styles.picker}
            value={valid ? colour.toLowerCase() : '#6b3fd4'}
            onChange={set('accentColor')}
            aria-label={t('jamForm.accentPicker')}
          />
          {valid && (
            <span className={styles.swatch} style={{ background: colour, color: labelOn(colour) }} aria-hidden="true">
              Aa
            </span>
          )}
          {values.accentColor && (
            <button type="button" className="button ghost" onClick={() => choose('')}>
              {t('jamForm.accentNone')}
            </button>
          )}
        </div>
      </Field>
      {suggestion && (
        <button type="button" className={`button primary ${styles.suggestion}`} onClick={() => choose(suggestion)}>
          <span className={styles.swatchSmall} style={{ background: suggestion }} aria-hidden="true" />
          {t('jamForm.accentUseSuggestion', { suggestion })}
        </button>
      )}
      <Field form={form} name="bannerUrl" label={t('jamForm.bannerUrl')} hint={t('jamForm.bannerHint')}>
        <input
          id={`${id}-bannerUrl`}
          type="url"
          inputMode="url"
          value={values.bannerUrl}
          onChange={set('bannerUrl')}
          placeholder="https://"
          aria-invalid={Boolean(errors.bannerUrl)}
          aria-describedby={describedBy('bannerUrl', true)}
        />
      </Field>
    </div>
  );
}
