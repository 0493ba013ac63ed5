/** The footer's colour mode selector (spec §2 Layout): System, Light mode, Dark mode, Flame. */
import { useStore } from '@nanostores/react';
import { useEffect, useId } from 'react';
import { translated, useT } from '#i18n/react';
import { COLOR_MODE_PREFERENCES, isColorModePreference } from '#lib/color-mode';
import styles from './ColorModeSelect.module.css';
import { useHydrated } from './ui/use-hydrated';
import { $colorModePreference, setColorModePreference, syncColorModeWithDocument } from '#stores/color-mode';

export default translated(Select);

function Select() {
  const t = useT();
  const id = useId();
  const stored = useStore($colorModePreference);
  // The server cannot know the stored preference: render `system` until hydrated.
  const hydrated = useHydrated();
  useEffect(syncColorModeWithDocument, []);
  const preference = hydrated ? stored : 'system';
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{t('colorMode.label')}</label>
      <select
        id={id}
        value={preference}
        onChange={(event) => isColorModePreference(event.target.value) && setColorModePreference(event.target.value)}
      >
        {COLOR_MODE_PREFERENCES.map((mode) => (
          <option key={mode} value={mode}>
            {t(`colorMode.${mode}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
