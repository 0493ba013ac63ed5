import { useEffect, useState } from 'react';
import { useHydrated } from './ui/use-hydrated';
import { translated, useT } from '#i18n/react';
import { type JamWindow, jamStatus, nextMoment, splitDuration } from '#lib/jam-timing';
import styles from './Countdown.module.css';

/** Keys the countdown translates with (see `islandMessages`). */
export const COUNTDOWN_KEYS = ['jam.startingIn', 'jam.endingIn', 'jam.ended', 'countdown.'] as const;
const UNITS = ['days', 'hours', 'minutes', 'seconds'] as const;

interface CountdownProps extends JamWindow {
  /** `large` for a jam's own page, `small` (the default) for cards. */
  size?: 'small' | 'large';
}

/**
 * Counts down to the jam's next start or end as digit blocks ("2 d 04 h 42 m 18 s") and flips its
 * label when the moment passes, without a reload. Screen readers get the long form
 * ("2 days 4 hours…") as the timer's name.
 */
export default translated(Clock);

function Clock({ startsAt, endsAt, size = 'small' }: CountdownProps) {
  const t = useT();
  const [now, setNow] = useState(() => Date.now());
  const hydrated = useHydrated();
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  const status = jamStatus({ startsAt, endsAt }, now);
  const target = nextMoment({ startsAt, endsAt }, now);
  const heading = t(status === 'upcoming' ? 'jam.startingIn' : status === 'ongoing' ? 'jam.endingIn' : 'jam.ended');
  const left = target === null ? null : splitDuration(target - now);
  const spoken = left && UNITS.map((unit) => t(`countdown.${unit}`, { count: left[unit] })).join(' ');

  return (
    <div
      className={`countdown ${styles.countdown} ${styles[size]}`}
      data-status={status}
      data-hydrated={hydrated ? 'true' : undefined}
    >
      <span className={styles.label}>{heading}</span>{' '}
      {left && (
        <span className={styles.time} role="timer" aria-live="off" aria-label={spoken ?? undefined} suppressHydrationWarning>
          {UNITS.map((unit, index) => (
            <span key={unit} className={styles.block} aria-hidden="true">
              <span className={styles.digits} suppressHydrationWarning>
                {index === 0 ? left[unit] : String(left[unit]).padStart(2, '0')}
              </span>{' '}
              <span className={styles.unit}>{t(`countdown.short.${unit}`)}</span>{' '}
            </span>
          ))}
        </span>
      )}
    </div>
  );
}
