import { useEffect, useState } from 'react';
import { useHydrated } from './ui/use-hydrated';
import { translated, useT } from '#i18n/react';
import type { MessageKey } from '#i18n/setup';
import { type JamPhase, type JamWindow, jamPhase, nextMoment, splitDuration } from '#lib/jam-timing';
import styles from './Countdown.module.css';

/** Keys the countdown translates with (see `islandMessages`). */
export const COUNTDOWN_KEYS = ['jam.startingIn', 'jam.endingIn', 'jam.votingEndsIn', 'jam.ended', 'countdown.'] as const;
const UNITS = ['days', 'hours', 'minutes', 'seconds'] as const;

interface CountdownProps extends JamWindow {
  /** `large` for a jam's own page, `small` (the default) for cards. */
  size?: 'small' | 'large';
}

/**
 * Counts down to the jam's next start, submission end or voting end as digit blocks ("2 d 04 h 42 m 18 s") and flips its
 * label when the moment passes, without a reload. Screen readers get the long form
 * ("2 days 4 hours…") as the timer's name.
 */
export default translated(Clock);

const HEADINGS: Record<JamPhase, MessageKey> = {
  upcoming: 'jam.startingIn',
  ongoing: 'jam.endingIn',
  voting: 'jam.votingEndsIn',
  ended: 'jam.ended',
};

function Clock({ startsAt, endsAt, votingEndsAt = null, size = 'small' }: CountdownProps) {
  const t = useT();
  const [now, setNow] = useState(() => Date.now());
  const hydrated = useHydrated();
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  const phase = jamPhase({ startsAt, endsAt, votingEndsAt }, now);
  const target = nextMoment({ startsAt, endsAt, votingEndsAt }, now);
  const heading = t(HEADINGS[phase]);
  const left = target === null ? null : splitDuration(target - now);
  const spoken = left && UNITS.map((unit) => t(`countdown.${unit}`, { count: left[unit] })).join(' ');

  return (
    <div
      className={`countdown ${styles.countdown} ${styles[size]}`}
      data-status={phase}
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
