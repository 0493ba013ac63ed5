import { translated, useT } from '#i18n/react';
import type { EntryFlagDto } from '#lib/schemas/entries';
import { scratchProjectUrl } from '#lib/scratch-url';
import { LocalTime } from '../ui/LocalTime';
import styles from './EntryFlags.module.css';

interface Props {
  flags: EntryFlagDto[];
  disqualified: boolean;
  /** The review list shows the manager's "Checked" too. */
  checked?: boolean;
}

function Flag({ flag }: { flag: EntryFlagDto }) {
  const t = useT();
  if (flag.kind === 'remix' && flag.parentId !== null) {
    return (
      <>
        <span aria-hidden="true">↻</span>{' '}
        <span>
          {t('entry.flags.remixOf')}{' '}
          <a href={scratchProjectUrl(flag.parentId)} rel="noopener" target="_blank">
            {flag.parentTitle ?? t('entry.flags.projectNumber', { id: flag.parentId })}
            <span className="visually-hidden"> {t('common.opensInNewTab')}</span>
          </a>
        </span>
      </>
    );
  }
  const label =
    flag.kind === 'created-before-start' ? t('entry.flags.createdBeforeStart') : t('entry.flags.updatedAfterDeadline');
  return (
    <>
      <span aria-hidden="true">⚠</span>{' '}
      <span>
        {label}
        {flag.at && (
          <>
            {' '}
            (<LocalTime iso={flag.at} dateOnly />)
          </>
        )}
      </span>
    </>
  );
}

/** The chips of an entry's flags (fair judging), on its card and its page; nothing when there are none. */
export function EntryFlags({ flags, disqualified, checked = false }: Props) {
  const t = useT();
  if (flags.length === 0 && !disqualified && !checked) return null;
  return (
    <ul className={`chips entry-flags ${styles.flags}`} aria-label={t('entry.flags.label')}>
      {disqualified && (
        <li className={`chip entry-disqualified ${styles.disqualified}`}>
          <span aria-hidden="true">⊘</span> <span>{t('entry.flags.disqualified')}</span>
        </li>
      )}
      {checked && (
        <li className={`chip ${styles.checked}`}>
          <span aria-hidden="true">✓</span> <span>{t('entry.flags.checked')}</span>
        </li>
      )}
      {flags.map((flag) => (
        <li key={flag.kind} className={`chip entry-flag ${styles.flag}`} data-flag={flag.kind}>
          <Flag flag={flag} />
        </li>
      ))}
    </ul>
  );
}

/** The chips as an Astro page renders them (HTML only, no JavaScript), with their own messages. */
export default translated(EntryFlags);
