import Picture from '#components/ui/Picture.tsx';
import { useT } from '#i18n/react';
import { httpUrlOrNull } from '#lib/safe-url';
import styles from '../JamForm.module.css';
import Field from './Field';
import type { JamFormState } from './use-jam-form';

/** The cover image's address, beside a preview of the jam's card picture (generated art until there is one). */
export default function CoverField({ form, slug }: { form: JamFormState; slug?: string }) {
  const t = useT();
  const { id, values, errors, set, describedBy } = form;
  const cover = httpUrlOrNull(values.imageUrl.trim());
  return (
    <div className={styles.imageRow}>
      <Field form={form} name="imageUrl" label={t('jamForm.imageUrl')} hint={t('jamForm.imageHint')}>
        <input
          id={`${id}-imageUrl`}
          type="url"
          inputMode="url"
          value={values.imageUrl}
          onChange={set('imageUrl')}
          placeholder="https://"
          aria-invalid={Boolean(errors.imageUrl)}
          aria-describedby={describedBy('imageUrl', true)}
        />
      </Field>
      <figure className={`image-preview ${styles.cover}`}>
        <Picture src={cover} seed={slug ?? (values.name.trim() || 'new-jam')} ratio="16 / 9" width={640} height={360} eager>
          {values.name.trim() && <span className={styles.coverName}>{values.name}</span>}
        </Picture>
        <figcaption className="hint">{t('jamForm.imagePreview')}</figcaption>
      </figure>
    </div>
  );
}
