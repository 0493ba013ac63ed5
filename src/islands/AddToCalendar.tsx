/**
 * "Add to calendar" on the jam page: a Google Calendar link and the jam's .ics file. A native
 * disclosure (<details>), so it opens without JavaScript too; once hydrated it also closes on
 * Escape, on a click elsewhere and after a choice.
 */
import { useEffect, useRef } from 'react';
import styles from './AddToCalendar.module.css';
import { renderedByReact } from '#lib/astro-renderer';

export interface AddToCalendarLabels {
  add: string;
  google: string;
  download: string;
  newTab: string;
}

interface Props {
  googleUrl: string;
  icsUrl: string;
  fileName: string;
  labels: AddToCalendarLabels;
}

function AddToCalendar({ googleUrl, icsUrl, fileName, labels }: Props) {
  const details = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const close = (focusSummary: boolean) => {
      const element = details.current;
      if (!element?.open) return;
      element.open = false;
      if (focusSummary) element.querySelector('summary')?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!details.current?.contains(event.target as Node)) close(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(details.current?.contains(document.activeElement) ?? false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, []);

  const closeAfterChoice = () => {
    if (details.current) details.current.open = false;
  };

  return (
    <details ref={details} className={`dropdown placement-bottom-start ${styles.menu}`}>
      <summary className="button ghost">
        {labels.add}
        <span className="dropdown-caret" aria-hidden="true">
          {' ▾'}
        </span>
      </summary>
      <ul className="dropdown-menu">
        <li>
          <a className={styles.item} href={googleUrl} target="_blank" rel="noopener noreferrer" onClick={closeAfterChoice}>
            {labels.google} <span className="visually-hidden">{labels.newTab}</span>
          </a>
        </li>
        <li>
          <a className={styles.item} href={icsUrl} download={fileName} onClick={closeAfterChoice}>
            {labels.download}
          </a>
        </li>
      </ul>
    </details>
  );
}

export default renderedByReact(AddToCalendar);
